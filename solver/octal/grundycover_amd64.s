#include "textflag.h"

// func grundyCoverAVX2(src *uint8, rs *int32, rho *uint32, count int, acc *[64]uint32)
//
// For k < count and lanes j = 0..15: x = src[j−rs[k]] ^ rho[k]; when x < 128
// it sets bit x&31 of acc[(x>>5)·16 + j]. The 16 lanes are 32-bit (two Y
// registers); window w is one accumulator pair: VPSLLVD gives 1<<(x−32w),
// and zero when x−32w is negative or 32 and more (a count of 32 or more
// shifts everything out), so no compare is needed.
TEXT ·grundyCoverAVX2(SB), NOSPLIT, $0-40
	MOVQ src+0(FP), SI
	MOVQ rs+8(FP), R8
	MOVQ rho+16(FP), R9
	MOVQ count+24(FP), CX
	MOVQ acc+32(FP), DI
	TESTQ CX, CX
	JEQ done
	VMOVDQU 0(DI), Y0
	VMOVDQU 32(DI), Y1
	VMOVDQU 64(DI), Y2
	VMOVDQU 96(DI), Y3
	VMOVDQU 128(DI), Y4
	VMOVDQU 160(DI), Y5
	VMOVDQU 192(DI), Y6
	VMOVDQU 224(DI), Y7
	VPCMPEQD Y13, Y13, Y13
	VPSRLD $31, Y13, Y13         // 1 in every lane
	VPSLLD $5, Y13, Y14          // 32 in every lane

loop:
	MOVLQSX (R8), AX
	NEGQ AX
	VPMOVZXBD (SI)(AX*1), Y8     // lanes 0..7
	VPMOVZXBD 8(SI)(AX*1), Y9    // lanes 8..15
	VPBROADCASTD (R9), Y10
	VPXOR Y10, Y8, Y8
	VPXOR Y10, Y9, Y9
	VPSLLVD Y8, Y13, Y11
	VPSLLVD Y9, Y13, Y12
	VPOR Y11, Y0, Y0
	VPOR Y12, Y1, Y1
	VPSUBD Y14, Y8, Y8
	VPSUBD Y14, Y9, Y9
	VPSLLVD Y8, Y13, Y11
	VPSLLVD Y9, Y13, Y12
	VPOR Y11, Y2, Y2
	VPOR Y12, Y3, Y3
	VPSUBD Y14, Y8, Y8
	VPSUBD Y14, Y9, Y9
	VPSLLVD Y8, Y13, Y11
	VPSLLVD Y9, Y13, Y12
	VPOR Y11, Y4, Y4
	VPOR Y12, Y5, Y5
	VPSUBD Y14, Y8, Y8
	VPSUBD Y14, Y9, Y9
	VPSLLVD Y8, Y13, Y11
	VPSLLVD Y9, Y13, Y12
	VPOR Y11, Y6, Y6
	VPOR Y12, Y7, Y7
	ADDQ $4, R8
	ADDQ $4, R9
	DECQ CX
	JNE loop

	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VMOVDQU Y4, 128(DI)
	VMOVDQU Y5, 160(DI)
	VMOVDQU Y6, 192(DI)
	VMOVDQU Y7, 224(DI)
	VZEROUPPER

done:
	RET
