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

// func grundyScanAVX2(lo, hi *uint16, blocks int, set *valueSet256) (block int, hits uint32)
//
// Block k tests the 32 pairs lo[32k+l] ^ hi[-(32k+l)], l = 0..31, against
// the 256-value set (every value must be below 256). It returns the first
// block with a pair whose value is in the set and the mask of those pairs
// (bit l), or blocks and 0.
TEXT ·grundyScanAVX2(SB), NOSPLIT, $0-44
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ set+24(FP), R8
	XORQ R10, R10
	TESTQ CX, CX
	JEQ none
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
	VPACKUSWB Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0         // the 32 values as bytes, in pair order
	VPSRLW $3, Y0, Y4
	VPAND Y14, Y4, Y4            // byte of the set
	VPADDB Y13, Y4, Y5           // 0x70.. for bytes 0..15, 0x80.. (zero) above
	VPXOR Y12, Y5, Y6            // the other way round for bytes 16..31
	VPSHUFB Y5, Y10, Y5
	VPSHUFB Y6, Y11, Y6
	VPOR Y6, Y5, Y5
	VPAND Y9, Y0, Y7
	VPSHUFB Y7, Y8, Y7           // bit of the value in its byte
	VPTEST Y7, Y5
	JNE hit
	ADDQ $64, SI
	SUBQ $64, DI
	INCQ R10
	CMPQ R10, CX
	JNE loop

none:
	MOVQ R10, block+32(FP)
	MOVL $0, hits+40(FP)
	VZEROUPPER
	RET

hit:
	VPAND Y7, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPCMPEQB Y6, Y5, Y5
	VPMOVMSKB Y5, AX
	NOTL AX
	MOVQ R10, block+32(FP)
	MOVL AX, hits+40(FP)
	VZEROUPPER
	RET
