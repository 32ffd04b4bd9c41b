#include "textflag.h"

// func markGroup512(tab *uint8, vals *uint16, base int, kernel *uint32, pairs int)
//
// For each kernel heap a = kernel[i], i < 2·pairs, and each k < 4 it stores
// 1 at tab[512k + (vals[a] ^ vals[base+k−a])]: the value of the split of
// heap base+k+j into a and base+k−a, for the four heaps of one group (tab
// and base point at the group). One load, one XOR and one byte store per
// option. The kernel heaps go two at a time, the stores of both for the
// same k one after the other: two stores into one cache line retire
// together on this machine, which they are for about a quarter of the
// pairs.
TEXT ·markGroup512(SB), NOSPLIT, $0-40
	MOVQ tab+0(FP), DI
	MOVQ vals+8(FP), R8
	MOVQ base+16(FP), R10
	MOVQ kernel+24(FP), R9
	MOVQ pairs+32(FP), CX
	TESTQ CX, CX
	JEQ done
	LEAQ (R8)(R10*2), R10        // &vals[base]
loop:
	MOVL (R9), BX                // a1
	MOVWLZX (R8)(BX*2), DX       // vals[a1]
	MOVQ R10, SI
	SUBQ BX, SI
	SUBQ BX, SI                  // &vals[base−a1]
	MOVL 4(R9), BX               // a2
	MOVWLZX (R8)(BX*2), R11      // vals[a2]
	MOVQ R10, R12
	SUBQ BX, R12
	SUBQ BX, R12                 // &vals[base−a2]
#define P(k) MOVWLZX (k*2)(SI), AX; XORL DX, AX; MOVWLZX (k*2)(R12), BX; XORL R11, BX; MOVB $1, (k*512)(DI)(AX*1); MOVB $1, (k*512)(DI)(BX*1)
	P(0); P(1); P(2); P(3); P(4); P(5); P(6); P(7)
	ADDQ $8, R9
	DECQ CX
	JNE loop
done:
	RET

// func markSplits512(seen *uint8, lo *uint16, hi *uint16, n int)
//
// For i < n it stores 1 at seen[lo[i] ^ hi[−i]]: the splits of one heap with
// a small part (lo = &vals[1], hi = &vals[r−1]). n must be a multiple of 4.
TEXT ·markSplits512(SB), NOSPLIT, $0-32
	MOVQ seen+0(FP), DI
	MOVQ lo+8(FP), SI
	MOVQ hi+16(FP), R8
	MOVQ n+24(FP), CX
	SHRQ $2, CX
	JEQ splitsDone
splitsLoop:
	MOVWLZX 0(SI), AX
	MOVWLZX 0(R8), BX
	XORL BX, AX
	MOVWLZX 2(SI), DX
	MOVWLZX -2(R8), BX
	XORL BX, DX
	MOVB $1, (DI)(AX*1)
	MOVB $1, (DI)(DX*1)
	MOVWLZX 4(SI), AX
	MOVWLZX -4(R8), BX
	XORL BX, AX
	MOVWLZX 6(SI), DX
	MOVWLZX -6(R8), BX
	XORL BX, DX
	MOVB $1, (DI)(AX*1)
	MOVB $1, (DI)(DX*1)
	ADDQ $8, SI
	SUBQ $8, R8
	DECQ CX
	JNE splitsLoop
splitsDone:
	RET

// func gatherTable512(out *valueSet512, tab *uint8)
//
// Bit v of out is whether tab[v] is non-zero, v < 512.
TEXT ·gatherTable512(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ tab+8(FP), SI
#define G(w) VMOVDQU8 (w*64)(SI), Z0; VPTESTMB Z0, Z0, K1; KMOVQ K1, (w*8)(DI)
	G(0); G(1); G(2); G(3); G(4); G(5); G(6); G(7)
	VZEROUPPER
	RET

// func markGroup64AVX2(out *uint64, vals *uint16, base int, kernel *uint32, n int)
//
// markGroup512 for values below 64, with the options as bits of a word:
// for each kernel heap a = kernel[i], i < n, and each k < 8 it sets bit
// vals[a] ^ vals[base+k−a] of the word at out + 64k bytes (word 0 of heap
// k's valueSet512). The eight heaps' words live in two registers of four
// lanes; each kernel heap is one broadcast, two four-value loads, and a
// XOR, a variable shift and an OR for each four heaps.
TEXT ·markGroup64AVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ vals+8(FP), R8
	MOVQ base+16(FP), R10
	MOVQ kernel+24(FP), R9
	MOVQ n+32(FP), CX
	TESTQ CX, CX
	JEQ m64done
	LEAQ (R8)(R10*2), R10        // &vals[base]
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	MOVL $1, AX
	VMOVQ AX, X15
	VPBROADCASTQ X15, Y15
	CMPQ CX, $2
	JLT m64one
m64two:
	MOVL (R9), BX                // a1
	MOVWLZX (R8)(BX*2), DX
	VMOVQ DX, X2
	VPBROADCASTQ X2, Y2
	MOVQ R10, SI
	SUBQ BX, SI
	SUBQ BX, SI                  // &vals[base−a1]
	VPMOVZXWQ (SI), Y3
	VPMOVZXWQ 8(SI), Y4
	MOVL 4(R9), BX               // a2
	MOVWLZX (R8)(BX*2), DX
	VMOVQ DX, X8
	VPBROADCASTQ X8, Y8
	MOVQ R10, SI
	SUBQ BX, SI
	SUBQ BX, SI                  // &vals[base−a2]
	VPMOVZXWQ (SI), Y9
	VPMOVZXWQ 8(SI), Y10
	VPXOR Y2, Y3, Y3
	VPXOR Y2, Y4, Y4
	VPXOR Y8, Y9, Y9
	VPXOR Y8, Y10, Y10
	VPSLLVQ Y3, Y15, Y3
	VPSLLVQ Y4, Y15, Y4
	VPSLLVQ Y9, Y15, Y9
	VPSLLVQ Y10, Y15, Y10
	VPOR Y3, Y0, Y0
	VPOR Y4, Y1, Y1
	VPOR Y9, Y6, Y6
	VPOR Y10, Y7, Y7
	ADDQ $8, R9
	SUBQ $2, CX
	CMPQ CX, $2
	JGE m64two
m64one:
	TESTQ CX, CX
	JEQ m64store
	MOVL (R9), BX
	MOVWLZX (R8)(BX*2), DX
	VMOVQ DX, X2
	VPBROADCASTQ X2, Y2
	MOVQ R10, SI
	SUBQ BX, SI
	SUBQ BX, SI
	VPMOVZXWQ (SI), Y3
	VPMOVZXWQ 8(SI), Y4
	VPXOR Y2, Y3, Y3
	VPXOR Y2, Y4, Y4
	VPSLLVQ Y3, Y15, Y3
	VPSLLVQ Y4, Y15, Y4
	VPOR Y3, Y0, Y0
	VPOR Y4, Y1, Y1
m64store:
	VPOR Y6, Y0, Y0
	VPOR Y7, Y1, Y1
	VMOVQ X0, AX
	ORQ AX, 0(DI)
	VPEXTRQ $1, X0, AX
	ORQ AX, 64(DI)
	VEXTRACTI128 $1, Y0, X2
	VMOVQ X2, AX
	ORQ AX, 128(DI)
	VPEXTRQ $1, X2, AX
	ORQ AX, 192(DI)
	VMOVQ X1, AX
	ORQ AX, 256(DI)
	VPEXTRQ $1, X1, AX
	ORQ AX, 320(DI)
	VEXTRACTI128 $1, Y1, X2
	VMOVQ X2, AX
	ORQ AX, 384(DI)
	VPEXTRQ $1, X2, AX
	ORQ AX, 448(DI)
	VZEROUPPER
m64done:
	RET
