#include "textflag.h"

// revWords8 reverses the 8 words of each 128-bit lane under VPSHUFB.
DATA revWords8<>+0(SB)/8, $0x09080b0a0d0c0f0e
DATA revWords8<>+8(SB)/8, $0x0100030205040706
DATA revWords8<>+16(SB)/8, $0x09080b0a0d0c0f0e
DATA revWords8<>+24(SB)/8, $0x0100030205040706
GLOBL revWords8<>(SB), RODATA|NOPTR, $32

// bitOf maps 0..7 to the byte 1<<i under VPSHUFB.
DATA bitOf<>+0(SB)/8, $0x8040201008040201
DATA bitOf<>+8(SB)/8, $0x8040201008040201
DATA bitOf<>+16(SB)/8, $0x8040201008040201
DATA bitOf<>+24(SB)/8, $0x8040201008040201
GLOBL bitOf<>(SB), RODATA|NOPTR, $32

// Byte constants (0x1f, 0x70, 0x80, 0x07 in every byte). They are loaded
// with VEX moves: a legacy-SSE MOVQ into an X register after a 256-bit
// instruction cost about half a microsecond per call here.
DATA byte1f<>+0(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA byte1f<>+8(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA byte1f<>+16(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA byte1f<>+24(SB)/8, $0x1f1f1f1f1f1f1f1f
GLOBL byte1f<>(SB), RODATA|NOPTR, $32

DATA byte70<>+0(SB)/8, $0x7070707070707070
DATA byte70<>+8(SB)/8, $0x7070707070707070
DATA byte70<>+16(SB)/8, $0x7070707070707070
DATA byte70<>+24(SB)/8, $0x7070707070707070
GLOBL byte70<>(SB), RODATA|NOPTR, $32

DATA byte80<>+0(SB)/8, $0x8080808080808080
DATA byte80<>+8(SB)/8, $0x8080808080808080
DATA byte80<>+16(SB)/8, $0x8080808080808080
DATA byte80<>+24(SB)/8, $0x8080808080808080
GLOBL byte80<>(SB), RODATA|NOPTR, $32

DATA byte07<>+0(SB)/8, $0x0707070707070707
DATA byte07<>+8(SB)/8, $0x0707070707070707
DATA byte07<>+16(SB)/8, $0x0707070707070707
DATA byte07<>+24(SB)/8, $0x0707070707070707
GLOBL byte07<>(SB), RODATA|NOPTR, $32

// iotaLo and iotaHi number the bytes of the set each look-up register
// holds (0..15 and 16..31, in both lanes).
DATA iotaLo<>+0(SB)/8, $0x0706050403020100
DATA iotaLo<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA iotaLo<>+16(SB)/8, $0x0706050403020100
DATA iotaLo<>+24(SB)/8, $0x0f0e0d0c0b0a0908
GLOBL iotaLo<>(SB), RODATA|NOPTR, $32

DATA iotaHi<>+0(SB)/8, $0x1716151413121110
DATA iotaHi<>+8(SB)/8, $0x1f1e1d1c1b1a1918
DATA iotaHi<>+16(SB)/8, $0x1716151413121110
DATA iotaHi<>+24(SB)/8, $0x1f1e1d1c1b1a1918
GLOBL iotaHi<>(SB), RODATA|NOPTR, $32

// wordHi is 0xff00 in every 16-bit word: the bits of a value of 256 or more.
DATA wordHi<>+0(SB)/8, $0xff00ff00ff00ff00
DATA wordHi<>+8(SB)/8, $0xff00ff00ff00ff00
DATA wordHi<>+16(SB)/8, $0xff00ff00ff00ff00
DATA wordHi<>+24(SB)/8, $0xff00ff00ff00ff00
GLOBL wordHi<>(SB), RODATA|NOPTR, $32

// func grundyScanSetAVX2(lo, hi *uint16, blocks int, set *[16]uint64, words int, count int, scratch *[32]uint16) (done int, left int)
//
// Block k tests the 32 pairs lo[32k+l] ^ hi[-(32k+l)], l = 0..31: a pair
// whose value is in set (words words, bit v&63 of word v>>6) removes the
// value and counts it; at count zero it returns at once (left 0). The test
// is a look-up of the values below 256 in the set's first four words, held
// in two registers (VPSHUFB by byte of the set, then the bit); a block with
// a value of 256 or more has all its pairs checked one by one against the
// whole set, so any set size works (those values are rare). Hits are
// handled here, without a return to Go: the values go to scratch, each is
// looked up and cleared in memory, and the two registers are reloaded.
// It returns the number of blocks done and the count left.
TEXT ·grundyScanSetAVX2(SB), NOSPLIT, $0-72
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), R8
	MOVQ words+32(FP), R11
	MOVQ count+40(FP), R12
	MOVQ scratch+48(FP), R13
	XORQ R10, R10
	TESTQ CX, CX
	JEQ finish
	TESTQ R12, R12
	JEQ finish
	VMOVDQU revWords8<>(SB), Y15
	VMOVDQU bitOf<>(SB), Y8
	VMOVDQU byte1f<>(SB), Y14
	VMOVDQU byte70<>(SB), Y13
	VMOVDQU byte80<>(SB), Y12
	VMOVDQU byte07<>(SB), Y9
	VBROADCASTI128 (R8), Y10
	VBROADCASTI128 16(R8), Y11
	SUBQ $62, DI                 // block 0 of hi is hi[-31..0]

loop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU (DI), Y2
	VMOVDQU 32(DI), Y3
	VPSHUFB Y15, Y3, Y3
	VPERMQ $0x4e, Y3, Y3         // partners of lo 0..15
	VPSHUFB Y15, Y2, Y2
	VPERMQ $0x4e, Y2, Y2         // partners of lo 16..31
	VPXOR Y3, Y0, Y0
	VPXOR Y2, Y1, Y1
	VPOR Y1, Y0, Y2
	VPTEST wordHi<>(SB), Y2
	JNE wide                     // a value of 256 or more
	VPACKUSWB Y1, Y0, Y4
	VPERMQ $0xd8, Y4, Y4         // the 32 values as bytes, in pair order
	VPSRLW $3, Y4, Y5
	VPAND Y14, Y5, Y5            // byte of the set
	VPADDB Y13, Y5, Y5           // 0x70.. for bytes 0..15, 0x80.. (zero) above
	VPXOR Y12, Y5, Y6            // the other way round for bytes 16..31
	VPSHUFB Y5, Y10, Y5
	VPSHUFB Y6, Y11, Y6
	VPOR Y6, Y5, Y5
	VPAND Y9, Y4, Y7
	VPSHUFB Y7, Y8, Y7           // bit of the value in its byte
	VPTEST Y7, Y5
	JNE hit

next:
	ADDQ $64, SI
	SUBQ $64, DI
	INCQ R10
	CMPQ R10, CX
	JNE loop

finish:
	MOVQ R10, done+56(FP)
	MOVQ R12, left+64(FP)
	VZEROUPPER
	RET

wide:
	MOVL $-1, AX                 // every pair of the block
	JMP handle

hit:
	VPAND Y7, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPCMPEQB Y6, Y5, Y5
	VPMOVMSKB Y5, AX
	NOTL AX

handle:
	VMOVDQU Y0, (R13)
	VMOVDQU Y1, 32(R13)

each:
	BSFL AX, BX
	MOVWLZX (R13)(BX*2), DX      // the pair's value
	MOVQ DX, R9
	SHRQ $6, R9
	CMPQ R9, R11
	JAE skip                     // above the set
	MOVQ (R8)(R9*8), BX
	BTQ DX, BX
	JCC skip
	BTRQ DX, BX
	MOVQ BX, (R8)(R9*8)
	DECQ R12
	JEQ finish

skip:
	LEAL -1(AX), BX
	ANDL BX, AX
	JNE each
	VBROADCASTI128 (R8), Y10
	VBROADCASTI128 16(R8), Y11
	JMP next

// func grundyScanRevAVX2(rev, hi *uint16, blocks int, set *[16]uint64, words int, count int, scratch *[32]uint16) (done int, left int)
//
// grundyScanSetAVX2 with the small heaps' values stored in reverse (rev),
// so that both sides load in the same order and no shuffle is needed: block
// k tests the pairs rev[t−32k] ^ hi[t−32k], t = 0..31. The 32 values are
// packed to bytes without restoring their order (the look-up does not need
// it); a hit reads its values from the packed bytes.
TEXT ·grundyScanRevAVX2(SB), NOSPLIT, $0-72
	MOVQ rev+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), R8
	MOVQ words+32(FP), R11
	MOVQ count+40(FP), R12
	MOVQ scratch+48(FP), R13
	XORQ R10, R10
	TESTQ CX, CX
	JEQ rfinish
	TESTQ R12, R12
	JEQ rfinish
	VMOVDQU bitOf<>(SB), Y8
	VMOVDQU byte1f<>(SB), Y14
	VMOVDQU byte70<>(SB), Y13
	VMOVDQU byte80<>(SB), Y12
	VMOVDQU byte07<>(SB), Y9
	VBROADCASTI128 (R8), Y10
	VBROADCASTI128 16(R8), Y11

rloop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VPXOR (DI), Y0, Y0
	VPXOR 32(DI), Y1, Y1
	VPOR Y1, Y0, Y2
	VPTEST wordHi<>(SB), Y2
	JNE rwide                    // a value of 256 or more
	VPACKUSWB Y1, Y0, Y4         // the 32 values as bytes (lanes interleaved)
	VPSRLW $3, Y4, Y5
	VPAND Y14, Y5, Y5            // byte of the set
	VPADDB Y13, Y5, Y5           // 0x70.. for bytes 0..15, 0x80.. (zero) above
	VPXOR Y12, Y5, Y6            // the other way round for bytes 16..31
	VPSHUFB Y5, Y10, Y5
	VPSHUFB Y6, Y11, Y6
	VPOR Y6, Y5, Y5
	VPAND Y9, Y4, Y7
	VPSHUFB Y7, Y8, Y7           // bit of the value in its byte
	VPTEST Y7, Y5
	JNE rhit

rnext:
	SUBQ $64, SI
	SUBQ $64, DI
	INCQ R10
	CMPQ R10, CX
	JNE rloop

rfinish:
	MOVQ R10, done+56(FP)
	MOVQ R12, left+64(FP)
	VZEROUPPER
	RET

rwide:
	VMOVDQU Y0, (R13)
	VMOVDQU Y1, 32(R13)
	MOVL $-1, AX                 // every pair of the block

weach:
	BSFL AX, BX
	MOVWLZX (R13)(BX*2), DX      // the pair's value
	MOVQ DX, R9
	SHRQ $6, R9
	CMPQ R9, R11
	JAE wskip                    // above the set
	MOVQ (R8)(R9*8), BX
	BTQ DX, BX
	JCC wskip
	BTRQ DX, BX
	MOVQ BX, (R8)(R9*8)
	DECQ R12
	JEQ rfinish

wskip:
	LEAL -1(AX), BX
	ANDL BX, AX
	JNE weach
	JMP rreload

rhit:
	VPAND Y7, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPCMPEQB Y6, Y5, Y5
	VPMOVMSKB Y5, AX
	NOTL AX

	// Each hit is cleared in the set in memory (one byte) and in the two
	// look-up registers (a one-byte mask built in registers): reloading the
	// registers from the bytes just stored would wait for the stores.
heach:
	BSFL AX, BX                  // packed byte p is pair t = 8(p>>4) + (p&7) + 16((p>>3)&1)
	MOVL BX, DX
	ANDL $7, DX
	MOVL BX, R9
	SHRL $4, R9
	LEAL (DX)(R9*8), DX
	SHRL $3, BX
	ANDL $1, BX
	SHLL $4, BX
	ADDL BX, DX
	MOVWLZX (SI)(DX*2), BX
	MOVWLZX (DI)(DX*2), DX
	XORL BX, DX                  // the pair's value v (read again: no wait on a store)
	MOVL DX, R9
	SHRL $3, R9                  // its byte in the set
	ANDL $7, DX
	LEAQ bitOf<>(SB), BX
	MOVBLZX (BX)(DX*1), DX       // its bit in that byte
	MOVBLZX (R8)(R9*1), BX
	TESTL DX, BX
	JEQ hskip                    // found earlier in this block
	XORL DX, BX
	MOVB BX, (R8)(R9*1)
	VMOVD R9, X6
	VPBROADCASTB X6, Y6
	VPCMPEQB iotaLo<>(SB), Y6, Y2
	VPCMPEQB iotaHi<>(SB), Y6, Y3
	VMOVD DX, X5
	VPBROADCASTB X5, Y5
	VPAND Y5, Y2, Y2
	VPAND Y5, Y3, Y3
	VPANDN Y10, Y2, Y10
	VPANDN Y11, Y3, Y11
	DECQ R12
	JEQ rfinish

hskip:
	LEAL -1(AX), BX
	ANDL BX, AX
	JNE heach
	JMP rnext

rreload:
	VBROADCASTI128 (R8), Y10
	VBROADCASTI128 16(R8), Y11
	JMP rnext
