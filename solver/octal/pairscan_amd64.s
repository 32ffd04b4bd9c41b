#include "textflag.h"

// revWords reverses the 32 words of a ZMM register under VPERMW.
DATA revWords<>+0(SB)/8, $0x001c001d001e001f
DATA revWords<>+8(SB)/8, $0x00180019001a001b
DATA revWords<>+16(SB)/8, $0x0014001500160017
DATA revWords<>+24(SB)/8, $0x0010001100120013
DATA revWords<>+32(SB)/8, $0x000c000d000e000f
DATA revWords<>+40(SB)/8, $0x00080009000a000b
DATA revWords<>+48(SB)/8, $0x0004000500060007
DATA revWords<>+56(SB)/8, $0x0000000100020003
GLOBL revWords<>(SB), RODATA|NOPTR, $64

// LOOKUP tests the 32 values in v against the set in Z23 (Z21: fifteens,
// Z22: ones): lane l of k is set when value l is in the set. w and b are
// scratch.
#define LOOKUP(v, w, b, k) \
	VPSRLW $4, v, w; VPERMW Z23, w, w; VPANDQ Z21, v, b; VPSRLVW b, w, w; VPTESTMW Z22, w, k

// CLEAR_FOUND takes the value v in AX that a lane found: if v is still in
// the set (Z23, and its copy at R8, which a value met twice in one block
// finds cleared), it clears it and counts it down in R9, jumping to
// finished at zero; if not, it jumps to again. It uses BX, R11–R13, K2, Z3.
#define CLEAR_FOUND(again, finished) \
	MOVL AX, BX; SHRL $4, BX; ANDL $15, AX; \
	MOVWLZX (R8)(BX*2), R11; BTRL AX, R11; JCC again; MOVW R11, (R8)(BX*2); \
	MOVL $1, R12; SHLXL AX, R12, R12; MOVL $1, R13; SHLXL BX, R13, R13; \
	KMOVD R13, K2; VPBROADCASTW.Z R12, K2, Z3; VPXORQ Z3, Z23, Z23; \
	DECQ R9; JEQ finished

// ALIGNED_VALUE puts in AX the value of the lowest lane set in DX of a
// block whose two sides are at lo and hi in lane order.
#define ALIGNED_VALUE(lo, hi) \
	TZCNTL DX, AX; MOVWLZX (lo)(AX*2), R12; MOVWLZX (hi)(AX*2), AX; XORL R12, AX

// func findPairsAVX512(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int)
//
// Block i tests the 32 pairs lo[32i+l] ^ hi[-(32i+l)], l = 0..31, against
// the set: a value in it is cleared and counted. It returns when count
// reaches 0 or after blocks blocks, with the count left and the number of
// blocks tested. The set lives in Z23; its copy in memory is kept equal so
// that a value seen twice in one block is counted once.
TEXT ·findPairsAVX512(SB), NOSPLIT, $0-56
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), R8
	MOVQ count+32(FP), R9
	XORQ R10, R10
	TESTQ CX, CX
	JEQ out
	VMOVDQU16 revWords<>(SB), Z20
	MOVL $15, AX
	VPBROADCASTW AX, Z21
	MOVL $1, AX
	VPBROADCASTW AX, Z22
	VMOVDQU16 (R8), Z23
	SUBQ $62, DI                 // block 0 of hi is hi[-31..0]

loop:
	VMOVDQU16 (SI), Z0
	VMOVDQU16 (DI), Z1
	VPERMW Z1, Z20, Z1
	VPXORQ Z1, Z0, Z0            // the 32 option values
	LOOKUP(Z0, Z1, Z2, K1)
	KORTESTD K1, K1
	JNE hit

next:
	ADDQ $64, SI
	SUBQ $64, DI
	INCQ R10
	CMPQ R10, CX
	JNE loop

out:
	MOVQ R9, left+40(FP)
	MOVQ R10, done+48(FP)
	VZEROUPPER
	RET

hit:
	KMOVD K1, DX

lane:
	// The value of lane l again, from the two loads (reading it back from
	// a store of Z0 would wait for the store).
	TZCNTL DX, AX
	MOVL $31, R12
	SUBL AX, R12
	MOVWLZX (SI)(AX*2), AX
	MOVWLZX (DI)(R12*2), R12
	XORL R12, AX                 // the value v
	CLEAR_FOUND(again, finished)

again:
	BLSRL DX, DX
	JNE lane
	JMP next

finished:
	INCQ R10
	JMP out

// func findPairsAlignedAVX512(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int)
//
// findPairsAVX512 for pairs whose lanes are aligned in memory: block i tests
// lo[l−32i] ^ hi[l−32i], l = 0..31 (both run downwards block by block, so
// no lane has to be reversed; the caller keeps a reversed copy of one side).
// Blocks go two at a time with one branch for both: when the first block
// of a pair clears a value the second one also met, the copy of the set in
// memory says it is counted already.
TEXT ·findPairsAlignedAVX512(SB), NOSPLIT, $0-56
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), R8
	MOVQ count+32(FP), R9
	XORQ R10, R10
	TESTQ CX, CX
	JEQ aout
	MOVL $15, AX
	VPBROADCASTW AX, Z21
	MOVL $1, AX
	VPBROADCASTW AX, Z22
	VMOVDQU16 (R8), Z23

apair:
	MOVQ CX, R11
	SUBQ R10, R11
	CMPQ R11, $2
	JLT aloop
	VMOVDQU16 (SI), Z0
	VPXORQ (DI), Z0, Z0          // the 32 option values of block i
	VMOVDQU16 -64(SI), Z4
	VPXORQ -64(DI), Z4, Z4       // and of block i+1
	LOOKUP(Z0, Z1, Z2, K1)
	LOOKUP(Z4, Z5, Z6, K3)
	KORTESTD K1, K3
	JNE phit

pnext:
	SUBQ $128, SI
	SUBQ $128, DI
	ADDQ $2, R10
	JMP apair

phit:
	MOVQ SI, R14
	MOVQ DI, R15
	KMOVD K1, DX
	TESTL DX, DX
	JEQ psecond

pfirst:
	ALIGNED_VALUE(R14, R15)
	CLEAR_FOUND(pfagain, pfinished1)

pfagain:
	BLSRL DX, DX
	JNE pfirst

psecond:
	SUBQ $64, R14
	SUBQ $64, R15
	KMOVD K3, DX
	TESTL DX, DX
	JEQ pnext

psloop:
	ALIGNED_VALUE(R14, R15)
	CLEAR_FOUND(psagain, pfinished2)

psagain:
	BLSRL DX, DX
	JNE psloop
	JMP pnext

pfinished1:
	INCQ R10
	JMP aout

pfinished2:
	ADDQ $2, R10
	JMP aout

aloop:
	CMPQ R10, CX
	JEQ aout
	VMOVDQU16 (SI), Z0
	VPXORQ (DI), Z0, Z0          // the 32 option values
	LOOKUP(Z0, Z1, Z2, K1)
	KORTESTD K1, K1
	JNE ahit

anext:
	SUBQ $64, SI
	SUBQ $64, DI
	INCQ R10
	JMP aloop

aout:
	MOVQ R9, left+40(FP)
	MOVQ R10, done+48(FP)
	VZEROUPPER
	RET

ahit:
	KMOVD K1, DX

alane:
	ALIGNED_VALUE(SI, DI)
	CLEAR_FOUND(aagain, afinished)

aagain:
	BLSRL DX, DX
	JNE alane
	JMP anext

afinished:
	INCQ R10
	JMP aout

// bitMasks maps 0..7 to 1<<i, in both lanes (VPSHUFB).
DATA bitMasks<>+0(SB)/8, $0x8040201008040201
DATA bitMasks<>+8(SB)/8, $0
DATA bitMasks<>+16(SB)/8, $0x8040201008040201
DATA bitMasks<>+24(SB)/8, $0
GLOBL bitMasks<>(SB), RODATA|NOPTR, $32

// func findHitAlignedAVX2(lo, hi *uint16, blocks int, set *valueSet512) int
//
// Block i is the 32 pairs lo[l−32i] ^ hi[l−32i], l = 0..31 (as in
// findPairsAlignedAVX512). It returns the first block with a value in the
// set, or blocks. The values must be below 512: value v is bit v&7 of byte
// v>>3 of the set, looked up with four 16-byte VPSHUFB tables (an index
// outside a table's 16 bytes gets bit 7 from a saturating add of 0x70, and
// VPSHUFB gives 0 for it).
TEXT ·findHitAlignedAVX2(SB), NOSPLIT, $0-40
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), R8
	XORQ R10, R10
	TESTQ CX, CX
	JEQ hout
	MOVL $7, AX
	VMOVQ AX, X7
	VPBROADCASTW X7, Y7
	MOVL $0x10, AX
	VMOVQ AX, X10
	VPBROADCASTB X10, Y10
	MOVL $0x70, AX
	VMOVQ AX, X12
	VPBROADCASTB X12, Y12
	VMOVDQU bitMasks<>(SB), Y13
	VBROADCASTI128 0(R8), Y9
	VBROADCASTI128 16(R8), Y11
	VBROADCASTI128 32(R8), Y14
	VBROADCASTI128 48(R8), Y15

hloop:
	VMOVDQU (SI), Y0
	VPXOR (DI), Y0, Y0
	VMOVDQU 32(SI), Y1
	VPXOR 32(DI), Y1, Y1
	VPSRLW $3, Y0, Y2
	VPSRLW $3, Y1, Y3
	VPACKUSWB Y3, Y2, Y2         // byte of the set, 0..63
	VPAND Y7, Y0, Y0
	VPAND Y7, Y1, Y1
	VPACKUSWB Y1, Y0, Y4         // bit in the byte, same lane order
	VPSHUFB Y4, Y13, Y4
	VPADDUSB Y12, Y2, Y6
	VPSHUFB Y6, Y9, Y8
	VPSUBB Y10, Y2, Y2
	VPADDUSB Y12, Y2, Y6
	VPSHUFB Y6, Y11, Y5
	VPOR Y5, Y8, Y8
	VPSUBB Y10, Y2, Y2
	VPADDUSB Y12, Y2, Y6
	VPSHUFB Y6, Y14, Y5
	VPOR Y5, Y8, Y8
	VPSUBB Y10, Y2, Y2
	VPADDUSB Y12, Y2, Y6
	VPSHUFB Y6, Y15, Y5
	VPOR Y5, Y8, Y8
	VPTEST Y4, Y8
	JNE hout
	SUBQ $64, SI
	SUBQ $64, DI
	INCQ R10
	CMPQ R10, CX
	JNE hloop

hout:
	MOVQ R10, ret+32(FP)
	VZEROUPPER
	RET

// SET64_SETUP prepares the lookups of values below 64 in the set held in
// R8 (SET64_LOOKUP): Y7 sevens, Y6 0x8000 in each word, Y13 bitMasks, Y9
// the set in every quadword, Y5 zero.
#define SET64_SETUP \
	MOVL $7, AX; VMOVQ AX, X7; VPBROADCASTW X7, Y7; \
	MOVL $0x8000, AX; VMOVQ AX, X6; VPBROADCASTW X6, Y6; \
	VMOVDQU bitMasks<>(SB), Y13; VMOVQ R8, X9; VPBROADCASTQ X9, Y9; VPXOR Y5, Y5, Y5

// SET64_LOOKUP looks the 16 values (below 64) of v up in the set: byte
// gets the set's byte v>>3 in the low byte of each word (0 in the high
// byte, whose index 0x80 looks up nothing), bit gets 1 << (v&7); a value
// is in the set when the two share a bit.
#define SET64_LOOKUP(v, byte, bit) \
	VPSRLW $3, v, byte; VPOR Y6, byte, byte; VPSHUFB byte, Y9, byte; \
	VPAND Y7, v, bit; VPSHUFB bit, Y13, bit

// func ruleOut64AVX2(lo, hi *uint16, blocks int, set uint64) (left uint64, done int)
//
// The one-split-digit rule-out scan of the small-space engine: block i is
// the 16 pairs lo[l−16i] ^ hi[l−16i], l = 0..15, whose values are below 64;
// every value found in the set (a word) is removed from it. It returns the
// set left and the number of blocks tested, stopping after the block that
// empties the set. Value v is bit v&7 of byte v>>3 of the set, looked up
// with VPSHUFB: the byte from the set's copy in Y9 (the high byte of each
// word is given index 0x80, so it looks up 0) and the bit from bitMasks.
TEXT ·ruleOut64AVX2(SB), NOSPLIT, $0-48
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), R8
	XORQ R10, R10
	TESTQ CX, CX
	JEQ rout
	SET64_SETUP

rloop:
	VMOVDQU (SI), Y0
	VPXOR (DI), Y0, Y0           // the 16 option values
	SET64_LOOKUP(Y0, Y1, Y2)     // Y1: the set's byte v>>3 (0 in the high bytes), Y2: 1 << (v&7)
	VPTEST Y1, Y2
	JNE rhit

rnext:
	SUBQ $32, SI
	SUBQ $32, DI
	INCQ R10
	CMPQ R10, CX
	JNE rloop

rout:
	MOVQ R8, left+32(FP)
	MOVQ R10, done+40(FP)
	VZEROUPPER
	RET

rhit:
	VPAND Y1, Y2, Y1
	VPCMPEQB Y5, Y1, Y1
	VPMOVMSKB Y1, DX
	NOTL DX                      // bit 2l: lane l's value is in the set

rlane:
	TZCNTL DX, AX
	MOVWLZX (SI)(AX*1), R11
	MOVWLZX (DI)(AX*1), R12
	XORL R12, R11
	BTRQ R11, R8
	BLSRL DX, DX
	JNE rlane
	TESTQ R8, R8
	JEQ rfinished
	VMOVQ R8, X9
	VPBROADCASTQ X9, Y9
	JMP rnext

rfinished:
	INCQ R10
	JMP rout

// func rareOptions4AVX2(end *uint16, offs *int, vals *uint64, nr int, out *[4]uint64)
//
// The rare scan of the small-space engine for four heaps n..n+3 at once:
// out[i] is the OR over k < nr (even) of 1 << (vals[k] ^ G(n−j−a_k+i)),
// the value G(n−j−a_k+i) read offs[k] = 2·a_k bytes back from end + 2i
// (end = &G(n−j)). Every value and vals[k] is below 64.
TEXT ·rareOptions4AVX2(SB), NOSPLIT, $0-40
	MOVQ end+0(FP), SI
	MOVQ offs+8(FP), R8
	MOVQ vals+16(FP), R9
	MOVQ nr+24(FP), CX
	MOVQ out+32(FP), DI
	MOVL $1, AX
	VMOVQ AX, X10
	VPBROADCASTQ X10, Y10
	VPXOR Y0, Y0, Y0
	VPXOR Y3, Y3, Y3
	XORQ BX, BX
	JMP qcond

qloop:
	MOVQ SI, DX
	SUBQ (R8)(BX*8), DX
	VPMOVZXWQ (DX), Y1           // G(n−j−a+i), i = 0..3
	VPBROADCASTQ (R9)(BX*8), Y2
	VPXOR Y2, Y1, Y1
	VPSLLVQ Y1, Y10, Y1
	VPOR Y1, Y0, Y0
	MOVQ SI, DX
	SUBQ 8(R8)(BX*8), DX
	VPMOVZXWQ (DX), Y4
	VPBROADCASTQ 8(R9)(BX*8), Y5
	VPXOR Y5, Y4, Y4
	VPSLLVQ Y4, Y10, Y4
	VPOR Y4, Y3, Y3
	ADDQ $2, BX

qcond:
	CMPQ BX, CX
	JLT qloop
	VPOR Y3, Y0, Y0
	VMOVDQU Y0, (DI)
	VZEROUPPER
	RET

// func ruleOut64x2AVX2(lo, hi0, hi1 *uint16, blocks int, set uint64) (left uint64, done int)
//
// ruleOut64AVX2 for two split digits: block i is the 16 pairs
// lo[l−16i] ^ hi0[l−16i] and the 16 pairs lo[l−16i] ^ hi1[l−16i],
// l = 0..15 (the first parts are the same for both digits, the second
// parts of the second digit are j1−j0 heaps shorter). Every value found in
// the set is removed from it; it returns the set left and the number of
// blocks tested, stopping after the block that empties the set.
TEXT ·ruleOut64x2AVX2(SB), NOSPLIT, $0-56
	MOVQ lo+0(FP), SI
	MOVQ hi0+8(FP), DI
	MOVQ hi1+16(FP), BX
	MOVQ blocks+24(FP), CX
	MOVQ set+32(FP), R8
	XORQ R10, R10
	TESTQ CX, CX
	JEQ xout
	SET64_SETUP

xloop:
	VMOVDQU (SI), Y0
	VPXOR (DI), Y0, Y3           // the 16 option values of the first digit
	VPXOR (BX), Y0, Y0           // and of the second
	SET64_LOOKUP(Y3, Y1, Y2)
	VPAND Y2, Y1, Y1             // non-zero: the first digit's lane is in the set
	SET64_LOOKUP(Y0, Y4, Y8)
	VPAND Y8, Y4, Y4             // the same for the second digit
	VPOR Y1, Y4, Y8
	VPTEST Y8, Y8
	JNE xhit

xnext:
	SUBQ $32, SI
	SUBQ $32, DI
	SUBQ $32, BX
	INCQ R10
	CMPQ R10, CX
	JNE xloop

xout:
	MOVQ R8, left+40(FP)
	MOVQ R10, done+48(FP)
	VZEROUPPER
	RET

xhit:
	VPCMPEQB Y5, Y1, Y1
	VPMOVMSKB Y1, DX
	NOTL DX                      // bit 2l: lane l of the first digit is in the set
	TESTL DX, DX
	JEQ xsecond

xlane0:
	TZCNTL DX, AX
	MOVWLZX (SI)(AX*1), R11
	MOVWLZX (DI)(AX*1), R12
	XORL R12, R11
	BTRQ R11, R8
	BLSRL DX, DX
	JNE xlane0

xsecond:
	VPCMPEQB Y5, Y4, Y4
	VPMOVMSKB Y4, DX
	NOTL DX                      // the same for the second digit
	TESTL DX, DX
	JEQ xcheck

xlane1:
	TZCNTL DX, AX
	MOVWLZX (SI)(AX*1), R11
	MOVWLZX (BX)(AX*1), R12
	XORL R12, R11
	BTRQ R11, R8
	BLSRL DX, DX
	JNE xlane1

xcheck:
	TESTQ R8, R8
	JEQ xfinished
	VMOVQ R8, X9
	VPBROADCASTQ X9, Y9
	JMP xnext

xfinished:
	INCQ R10
	JMP xout

// func ruleOut64x2BITALG(lo, hi0, hi1 *uint16, blocks int, set uint64) (left uint64, done int)
//
// ruleOut64x2AVX2 with 32 pairs of each digit a block (block i is
// lo[l−32i] ^ hi0[l−32i] and lo[l−32i] ^ hi1[l−32i], l = 0..31), where
// VPSHUFBITQMB (AVX512_BITALG) looks the values up in the set: each byte
// of a lane selects a bit of the set, and the write mask K2 keeps the low
// byte of every 16-bit lane.
TEXT ·ruleOut64x2BITALG(SB), NOSPLIT, $0-56
	MOVQ lo+0(FP), SI
	MOVQ hi0+8(FP), DI
	MOVQ hi1+16(FP), BX
	MOVQ blocks+24(FP), CX
	MOVQ set+32(FP), R8
	XORQ R10, R10
	TESTQ CX, CX
	JEQ bout
	MOVQ $0x5555555555555555, AX
	KMOVQ AX, K2
	VPBROADCASTQ R8, Z9

bloop:
	VMOVDQU64 (SI), Z0
	VPXORQ (DI), Z0, Z1          // the 32 option values of the first digit
	VPXORQ (BX), Z0, Z0          // and of the second
	VPSHUFBITQMB Z1, Z9, K2, K1  // bit 2l: lane l of the first digit is in the set
	VPSHUFBITQMB Z0, Z9, K2, K3  // the same for the second digit
	KORTESTQ K1, K3
	JNE bhit

bnext:
	SUBQ $64, SI
	SUBQ $64, DI
	SUBQ $64, BX
	INCQ R10
	CMPQ R10, CX
	JNE bloop

bout:
	MOVQ R8, left+40(FP)
	MOVQ R10, done+48(FP)
	VZEROUPPER
	RET

bhit:
	KMOVQ K1, DX
	TESTQ DX, DX
	JEQ bsecond

blane0:
	TZCNTQ DX, AX
	MOVWLZX (SI)(AX*1), R11
	MOVWLZX (DI)(AX*1), R12
	XORL R12, R11
	BTRQ R11, R8
	BLSRQ DX, DX
	JNE blane0

bsecond:
	KMOVQ K3, DX
	TESTQ DX, DX
	JEQ bcheck

blane1:
	TZCNTQ DX, AX
	MOVWLZX (SI)(AX*1), R11
	MOVWLZX (BX)(AX*1), R12
	XORL R12, R11
	BTRQ R11, R8
	BLSRQ DX, DX
	JNE blane1

bcheck:
	TESTQ R8, R8
	JEQ bfinished
	VPBROADCASTQ R8, Z9
	JMP bnext

bfinished:
	INCQ R10
	JMP bout

// func ruleOut64x3AVX512(lo, hi0, hi1, hi2 *uint16, blocks int, set uint64) (left uint64, done int)
//
// ruleOut64x2BITALG for three split digits (0.1777): block i is
// lo[l−32i] ^ hi0[l−32i], lo[l−32i] ^ hi1[l−32i] and lo[l−32i] ^ hi2[l−32i],
// l = 0..31. Nearly every block of these games holds a value of the set,
// so instead of finding the lanes that hit (a branch per lane), the block's
// 96 values become one word, the OR of 1 << v (eight values a vector:
// zero-extended to 64-bit lanes, VPSLLVQ, VPORQ), and the set loses it.
#define X3_CHUNK(off) \
	VPMOVZXWQ off(SI), Z0 \
	VPMOVZXWQ off(DI), Z1 \
	VPMOVZXWQ off(BX), Z2 \
	VPMOVZXWQ off(R9), Z3 \
	VPXORQ Z0, Z1, Z1 \
	VPXORQ Z0, Z2, Z2 \
	VPXORQ Z0, Z3, Z3 \
	VPSLLVQ Z1, Z8, Z1 \
	VPSLLVQ Z2, Z8, Z2 \
	VPSLLVQ Z3, Z8, Z3 \
	VPTERNLOGQ $0xFE, Z2, Z1, Z10 \
	VPORQ Z3, Z11, Z11

TEXT ·ruleOut64x3AVX512(SB), NOSPLIT, $0-64
	MOVQ lo+0(FP), SI
	MOVQ hi0+8(FP), DI
	MOVQ hi1+16(FP), BX
	MOVQ hi2+24(FP), R9
	MOVQ blocks+32(FP), CX
	MOVQ set+40(FP), R8
	XORQ R10, R10
	TESTQ CX, CX
	JEQ tout
	MOVQ $1, AX
	VPBROADCASTQ AX, Z8          // 1 in every 64-bit lane

tloop:
	VPXORQ Z10, Z10, Z10
	VPXORQ Z11, Z11, Z11
	X3_CHUNK(0)
	X3_CHUNK(16)
	X3_CHUNK(32)
	X3_CHUNK(48)
	VPORQ Z11, Z10, Z10
	VEXTRACTI64X4 $1, Z10, Y11
	VPORQ Y11, Y10, Y10
	VEXTRACTI128 $1, Y10, X11
	VPOR X11, X10, X10
	VPSHUFD $0x4E, X10, X11
	VPOR X11, X10, X10
	VMOVQ X10, AX                // the values of the block's 96 pairs
	INCQ R10
	ANDNQ R8, AX, R8             // R8 = set &^ found
	JEQ tout
	SUBQ $64, SI
	SUBQ $64, DI
	SUBQ $64, BX
	SUBQ $64, R9
	CMPQ R10, CX
	JNE tloop

tout:
	MOVQ R8, left+48(FP)
	MOVQ R10, done+56(FP)
	VZEROUPPER
	RET

// func ruleOut64x3AVX2(lo, hi0, hi1, hi2 *uint16, blocks int, set uint64) (left uint64, done int)
//
// ruleOut64x3AVX512 on AVX2: 16 pairs of each digit a block, four values a
// vector.
#define X3_CHUNK2(off) \
	VPMOVZXWQ off(SI), Y0 \
	VPMOVZXWQ off(DI), Y1 \
	VPMOVZXWQ off(BX), Y2 \
	VPMOVZXWQ off(R9), Y3 \
	VPXOR Y0, Y1, Y1 \
	VPXOR Y0, Y2, Y2 \
	VPXOR Y0, Y3, Y3 \
	VPSLLVQ Y1, Y8, Y1 \
	VPSLLVQ Y2, Y8, Y2 \
	VPSLLVQ Y3, Y8, Y3 \
	VPOR Y1, Y10, Y10 \
	VPOR Y2, Y11, Y11 \
	VPOR Y3, Y12, Y12

TEXT ·ruleOut64x3AVX2(SB), NOSPLIT, $0-64
	MOVQ lo+0(FP), SI
	MOVQ hi0+8(FP), DI
	MOVQ hi1+16(FP), BX
	MOVQ hi2+24(FP), R9
	MOVQ blocks+32(FP), CX
	MOVQ set+40(FP), R8
	XORQ R10, R10
	TESTQ CX, CX
	JEQ wout
	MOVQ $1, AX
	MOVQ AX, X8
	VPBROADCASTQ X8, Y8          // 1 in every 64-bit lane

wloop:
	VPXOR Y10, Y10, Y10
	VPXOR Y11, Y11, Y11
	VPXOR Y12, Y12, Y12
	X3_CHUNK2(0)
	X3_CHUNK2(8)
	X3_CHUNK2(16)
	X3_CHUNK2(24)
	VPOR Y11, Y10, Y10
	VPOR Y12, Y10, Y10
	VEXTRACTI128 $1, Y10, X11
	VPOR X11, X10, X10
	VPSHUFD $0x4E, X10, X11
	VPOR X11, X10, X10
	VMOVQ X10, AX                // the values of the block's 48 pairs
	INCQ R10
	ANDNQ R8, AX, R8             // R8 = set &^ found
	JEQ wout
	SUBQ $32, SI
	SUBQ $32, DI
	SUBQ $32, BX
	SUBQ $32, R9
	CMPQ R10, CX
	JNE wloop

wout:
	MOVQ R8, left+48(FP)
	MOVQ R10, done+56(FP)
	VZEROUPPER
	RET

// func pairWordAVX512(lo, hi *uint16) uint64
//
// The word of the 32 pairs lo[l] ^ hi[l], l = 0..31: the OR of 1 << v over
// their values v (below 64), as one block of ruleOut64x3AVX512 makes it for
// each digit.
TEXT ·pairWordAVX512(SB), NOSPLIT, $0-24
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ $1, AX
	VPBROADCASTQ AX, Z8          // 1 in every 64-bit lane
	VPMOVZXWQ 0(SI), Z0
	VPMOVZXWQ 16(SI), Z1
	VPMOVZXWQ 32(SI), Z2
	VPMOVZXWQ 48(SI), Z3
	VPMOVZXWQ 0(DI), Z4
	VPMOVZXWQ 16(DI), Z5
	VPMOVZXWQ 32(DI), Z6
	VPMOVZXWQ 48(DI), Z7
	VPXORQ Z0, Z4, Z4
	VPXORQ Z1, Z5, Z5
	VPXORQ Z2, Z6, Z6
	VPXORQ Z3, Z7, Z7
	VPSLLVQ Z4, Z8, Z4
	VPSLLVQ Z5, Z8, Z5
	VPSLLVQ Z6, Z8, Z6
	VPSLLVQ Z7, Z8, Z7
	VPTERNLOGQ $0xFE, Z6, Z5, Z4
	VPORQ Z7, Z4, Z4
	VEXTRACTI64X4 $1, Z4, Y5
	VPORQ Y5, Y4, Y4
	VEXTRACTI128 $1, Y4, X5
	VPOR X5, X4, X4
	VPSHUFD $0x4E, X4, X5
	VPOR X5, X4, X4
	VMOVQ X4, AX
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET

// func pairWordAVX2(lo, hi *uint16) uint64
//
// pairWordAVX512 on AVX2: the 16 pairs lo[l] ^ hi[l], l = 0..15.
TEXT ·pairWordAVX2(SB), NOSPLIT, $0-24
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ $1, AX
	MOVQ AX, X8
	VPBROADCASTQ X8, Y8          // 1 in every 64-bit lane
	VPMOVZXWQ 0(SI), Y0
	VPMOVZXWQ 8(SI), Y1
	VPMOVZXWQ 16(SI), Y2
	VPMOVZXWQ 24(SI), Y3
	VPMOVZXWQ 0(DI), Y4
	VPMOVZXWQ 8(DI), Y5
	VPMOVZXWQ 16(DI), Y6
	VPMOVZXWQ 24(DI), Y7
	VPXOR Y0, Y4, Y4
	VPXOR Y1, Y5, Y5
	VPXOR Y2, Y6, Y6
	VPXOR Y3, Y7, Y7
	VPSLLVQ Y4, Y8, Y4
	VPSLLVQ Y5, Y8, Y5
	VPSLLVQ Y6, Y8, Y6
	VPSLLVQ Y7, Y8, Y7
	VPOR Y5, Y4, Y4
	VPOR Y7, Y6, Y6
	VPOR Y6, Y4, Y4
	VEXTRACTI128 $1, Y4, X5
	VPOR X5, X4, X4
	VPSHUFD $0x4E, X4, X5
	VPOR X5, X4, X4
	VMOVQ X4, AX
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET

// PW3_CHUNK ORs into acc the 8 lanes of the pairs lo ^ hi at byte off for
// the heap whose second parts start at hi + 2·h bytes (h = 0, 1, 2).
#define PW3_CHUNK(lo, off, acc) \
	VPMOVZXWQ off(DI), Z4 \
	VPMOVZXWQ off+2(DI), Z5 \
	VPMOVZXWQ off+4(DI), Z6 \
	VPXORQ lo, Z4, Z4 \
	VPXORQ lo, Z5, Z5 \
	VPXORQ lo, Z6, Z6 \
	VPSLLVQ Z4, Z8, Z4 \
	VPSLLVQ Z5, Z8, Z5 \
	VPSLLVQ Z6, Z8, Z6 \
	VPORQ Z4, Z9, Z9 \
	VPORQ Z5, Z10, Z10 \
	VPORQ Z6, Z11, Z11

// REDUCE_Q puts in AX the OR of the 8 quadwords of z (t scratch).
#define REDUCE_Q(z, y, x, t, ty, tx) \
	VEXTRACTI64X4 $1, z, ty \
	VPORQ ty, y, y \
	VEXTRACTI128 $1, y, tx \
	VPOR tx, x, x \
	VPSHUFD $0x4E, x, tx \
	VPOR tx, x, x \
	VMOVQ x, AX

// func pairWords3AVX512(lo, hi *uint16) (w0, w1, w2 uint64)
//
// pairWordAVX512 for three heaps at once, whose second parts start at hi,
// hi + 1 and hi + 2 (the same first parts lo): wh is the word of the 32
// pairs lo[l] ^ hi[h + l].
TEXT ·pairWords3AVX512(SB), NOSPLIT, $0-40
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ $1, AX
	VPBROADCASTQ AX, Z8          // 1 in every 64-bit lane
	VPMOVZXWQ 0(SI), Z0
	VPMOVZXWQ 16(SI), Z1
	VPMOVZXWQ 32(SI), Z2
	VPMOVZXWQ 48(SI), Z3
	VPXORQ Z9, Z9, Z9
	VPXORQ Z10, Z10, Z10
	VPXORQ Z11, Z11, Z11
	PW3_CHUNK(Z0, 0, Z9)
	PW3_CHUNK(Z1, 16, Z9)
	PW3_CHUNK(Z2, 32, Z9)
	PW3_CHUNK(Z3, 48, Z9)
	REDUCE_Q(Z9, Y9, X9, Z12, Y12, X12)
	MOVQ AX, w0+16(FP)
	REDUCE_Q(Z10, Y10, X10, Z13, Y13, X13)
	MOVQ AX, w1+24(FP)
	REDUCE_Q(Z11, Y11, X11, Z14, Y14, X14)
	MOVQ AX, w2+32(FP)
	VZEROUPPER
	RET

// PW3_CHUNK2 is PW3_CHUNK on AVX2: 4 lanes a chunk.
#define PW3_CHUNK2(lo, off) \
	VPMOVZXWQ off(DI), Y4 \
	VPMOVZXWQ off+2(DI), Y5 \
	VPMOVZXWQ off+4(DI), Y6 \
	VPXOR lo, Y4, Y4 \
	VPXOR lo, Y5, Y5 \
	VPXOR lo, Y6, Y6 \
	VPSLLVQ Y4, Y8, Y4 \
	VPSLLVQ Y5, Y8, Y5 \
	VPSLLVQ Y6, Y8, Y6 \
	VPOR Y4, Y9, Y9 \
	VPOR Y5, Y10, Y10 \
	VPOR Y6, Y11, Y11

// REDUCE_Q2 puts in AX the OR of the 4 quadwords of y (tx scratch).
#define REDUCE_Q2(y, x, tx) \
	VEXTRACTI128 $1, y, tx \
	VPOR tx, x, x \
	VPSHUFD $0x4E, x, tx \
	VPOR tx, x, x \
	VMOVQ x, AX

// func pairWords3AVX2(lo, hi *uint16) (w0, w1, w2 uint64)
//
// pairWords3AVX512 on AVX2: 16 pairs a word.
TEXT ·pairWords3AVX2(SB), NOSPLIT, $0-40
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ $1, AX
	MOVQ AX, X8
	VPBROADCASTQ X8, Y8          // 1 in every 64-bit lane
	VPMOVZXWQ 0(SI), Y0
	VPMOVZXWQ 8(SI), Y1
	VPMOVZXWQ 16(SI), Y2
	VPMOVZXWQ 24(SI), Y3
	VPXOR Y9, Y9, Y9
	VPXOR Y10, Y10, Y10
	VPXOR Y11, Y11, Y11
	PW3_CHUNK2(Y0, 0)
	PW3_CHUNK2(Y1, 8)
	PW3_CHUNK2(Y2, 16)
	PW3_CHUNK2(Y3, 24)
	REDUCE_Q2(Y9, X9, X12)
	MOVQ AX, w0+16(FP)
	REDUCE_Q2(Y10, X10, X13)
	MOVQ AX, w1+24(FP)
	REDUCE_Q2(Y11, X11, X14)
	MOVQ AX, w2+32(FP)
	VZEROUPPER
	RET
