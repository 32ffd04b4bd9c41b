#include "textflag.h"

// func markBlock512(tab *blockTable, vals *uint16, base int, kernel *uint32, n int)
//
// For each kernel heap a = kernel[i] and each k < 32 it stores 1 at
// tab[512k + (vals[a] ^ vals[base+k−a])]: the value of the split of heap
// base+k+j into a and base+k−a. One load, one XOR and one store per option.
TEXT ·markBlock512(SB), NOSPLIT, $0-40
	MOVQ tab+0(FP), DI
	MOVQ vals+8(FP), R8
	MOVQ base+16(FP), R10
	MOVQ kernel+24(FP), R9
	MOVQ n+32(FP), CX
	TESTQ CX, CX
	JEQ done
	LEAQ (R8)(R10*2), R10        // &vals[base]
loop:
	MOVL (R9), BX                // a
	MOVWLZX (R8)(BX*2), DX       // vals[a]
	MOVQ R10, SI
	SUBQ BX, SI
	SUBQ BX, SI                  // &vals[base−a]
#define M(k) MOVWLZX (k*2)(SI), AX; XORL DX, AX; MOVB $1, (k*512)(DI)(AX*1)
	M(0); M(1); M(2); M(3); M(4); M(5); M(6); M(7)
	M(8); M(9); M(10); M(11); M(12); M(13); M(14); M(15)
	M(16); M(17); M(18); M(19); M(20); M(21); M(22); M(23)
	M(24); M(25); M(26); M(27); M(28); M(29); M(30); M(31)
	ADDQ $4, R9
	DECQ CX
	JNE loop
done:
	RET
