package nimber

import (
	"math/bits"
	"unsafe"
)

// Add returns the nim-sum a ⊕ b (bitwise exclusive or).
func Add(a, b uint64) uint64 { return a ^ b }

// limbZeroLog is the discrete logarithm given to the limb 0: it is larger than
// any sum of two true logarithms plus a table offset, so every index that
// involves a zero limb falls in the zero-filled part of expTable. This keeps
// Mul free of branches.
const limbZeroLog = 3 * 65535

// halfLog is log_g(h) for h = 2^15 and halfLog2 = log_g(h⊗h): the offsets
// that multiply a limb product by h and h². They are 3 and 6 because the
// generator g is chosen as a cube root of h (buildTables checks it).
const (
	halfLog  = 3
	halfLog2 = 2 * halfLog
)

// expTableSize covers every index Mul forms: at most 2*limbZeroLog +
// halfLog2 (two zero limbs).
const expTableSize = 1 << 19

var (
	// logTable[x] is log_g(x) in GF(2^16)*, and limbZeroLog for x = 0.
	logTable [1 << 16]uint32
	// expTable[i] = g^i for i < limbZeroLog (periodic with period 65535),
	// 0 above: a product that involves a zero limb.
	expTable [expTableSize]uint16
	// generator is g, the primitive element of GF(2^16)* the tables use.
	generator uint16
)

// Mul returns the nim-product a ⊗ b of two 64-bit nimbers.
//
// Write a = A1·Y + A0 with Y = 2^32 and A1, A0 in GF(2^32), and each of
// those as U = u1·X + u0 with X = 2^16 and u1, u0 in GF(2^16). The Fermat
// 2-power rules give X² = X ⊕ h and Y² = Y ⊕ X⊗h (h = 2^15), hence
//
//	U⊗V  = X·(u1v1 ⊕ u1v0 ⊕ u0v1) ⊕ (u0v0 ⊕ h·u1v1)
//	a⊗b  = Y·(M ⊕ A0B0) ⊕ A0B0 ⊕ A1B1⊗(X⊗h),  M = (A1⊕A0)⊗(B1⊕B0)
//
// (Karatsuba on the top level: three 32-bit products instead of four), and
// A1B1⊗(X⊗h) = X·h·(q1 ⊕ q0) ⊕ h²·q1 for A1B1 = X·q1 ⊕ q0. Every term is
// h^m times a product of two 16-bit limbs, found with one lookup
// expTable[log x + log y + m·log h]: 12 logarithms and 17 independent
// lookups in all, no branches (a zero limb has a sentinel logarithm that
// lands in the zero part of expTable).
func Mul(a, b uint64) uint64 {
	a0, a1, a2, a3 := uint16(a), uint16(a>>16), uint16(a>>32), uint16(a>>48)
	b0, b1, b2, b3 := uint16(b), uint16(b>>16), uint16(b>>32), uint16(b>>48)
	la0, la1, la2, la3 := uintptr(logTable[a0]), uintptr(logTable[a1]), uintptr(logTable[a2]), uintptr(logTable[a3])
	lb0, lb1, lb2, lb3 := uintptr(logTable[b0]), uintptr(logTable[b1]), uintptr(logTable[b2]), uintptr(logTable[b3])
	// Limbs of A1⊕A0 and B1⊕B0, for the Karatsuba middle product M.
	lm1, lm0 := uintptr(logTable[a3^a1]), uintptr(logTable[a2^a0])
	ln1, ln0 := uintptr(logTable[b3^b1]), uintptr(logTable[b2^b0])
	lb2H, lb3H := lb2+halfLog, lb3+halfLog
	lb2HH, lb3HH := lb2+halfLog2, lb3+halfLog2

	// A0B0 = X·lo1 ⊕ lo0
	lo1 := expAt(la1+lb1) ^ expAt(la1+lb0) ^ expAt(la0+lb1)
	lo0 := expAt(la0+lb0) ^ expAt(la1+lb1+halfLog)
	// M ⊕ A0B0 is the upper half.
	c3 := expAt(lm1+ln1) ^ expAt(lm1+ln0) ^ expAt(lm0+ln1) ^ lo1
	c2 := expAt(lm0+ln0) ^ expAt(lm1+ln1+halfLog) ^ lo0
	// A0B0 ⊕ A1B1⊗(X⊗h) is the lower half; q1 = p33⊕p32⊕p23, q0 = p22⊕h·p33.
	c1 := lo1 ^ expAt(la3+lb3H) ^ expAt(la3+lb2H) ^ expAt(la2+lb3H) ^
		expAt(la2+lb2H) ^ expAt(la3+lb3HH)
	c0 := lo0 ^ expAt(la3+lb3HH) ^ expAt(la3+lb2HH) ^ expAt(la2+lb3HH)
	return uint64(c0) | uint64(c1)<<16 | uint64(c2)<<32 | uint64(c3)<<48
}

// expAt returns expTable[i] without a bounds check. This is the one use of
// unsafe in nimlab's solvers, and it is what makes Mul fast enough (about
// 12% over a masked index): every index Mul forms is a sum of two entries
// of logTable (each ≤ limbZeroLog, checked when the tables are built) and
// at most halfLog2, and expTableSize exceeds that bound (checked at compile
// time below).
func expAt(i uintptr) uint16 {
	return *(*uint16)(unsafe.Add(unsafe.Pointer(&expTable), 2*i))
}

// The largest index expAt can be given must lie inside expTable: this
// constant is negative, and the build fails, otherwise.
const _ uint = expTableSize - 1 - (2*limbZeroLog + halfLog2)

// Mul16 returns the nim-product of two nimbers below 2^16 (the subfield
// GF(2^16)); the result is below 2^16 too.
func Mul16(a, b uint16) uint16 {
	return expTable[(logTable[a]+logTable[b])&(expTableSize-1)]
}

var (
	// squareTable[i][v] is (v·2^(8i)) ⊗ (v·2^(8i)); squaring is GF(2)-linear.
	squareTable [8][256]uint64
	// sqrtTable[i][v] is the square root of v·2^(8i); also linear.
	sqrtTable [8][256]uint64
)

// linearByBytes applies the GF(2)-linear map given by its byte tables.
func linearByBytes(t *[8][256]uint64, a uint64) uint64 {
	return t[0][uint8(a)] ^ t[1][uint8(a>>8)] ^ t[2][uint8(a>>16)] ^ t[3][uint8(a>>24)] ^
		t[4][uint8(a>>32)] ^ t[5][uint8(a>>40)] ^ t[6][uint8(a>>48)] ^ t[7][uint8(a>>56)]
}

// Square returns a ⊗ a.
func Square(a uint64) uint64 { return linearByBytes(&squareTable, a) }

// Sqrt returns the unique nimber s with s ⊗ s = a. In characteristic 2 every
// element of a finite field has exactly one square root, s = a^(2^63).
func Sqrt(a uint64) uint64 { return linearByBytes(&sqrtTable, a) }

// Pow returns a raised to the ordinary integer power n under nim-product
// (a^0 = 1, also for a = 0).
func Pow(a, n uint64) uint64 {
	result := uint64(1)
	for i := bits.Len64(n) - 1; i >= 0; i-- {
		result = Square(result)
		if n>>uint(i)&1 == 1 {
			result = Mul(result, a)
		}
	}
	return result
}

// Inv returns the nim-multiplicative inverse of a and false when a = 0, which
// has none. It uses a^(2^64-2) = a^-1 (the multiplicative group has order
// 2^64-1) with the Itoh–Tsujii chain: β_n = a^(2^n-1) satisfies
// β_(m+n) = β_m^(2^n) ⊗ β_n, so β_63 costs 10 products and squarings.
func Inv(a uint64) (uint64, bool) {
	if a == 0 {
		return 0, false
	}
	// β_1 = a; chain 1,2,3,6,7,14,15,30,31,62,63.
	frob := func(x uint64, n int) uint64 { // x^(2^n)
		for range n {
			x = Square(x)
		}
		return x
	}
	b1 := a
	b2 := Mul(frob(b1, 1), b1)
	b3 := Mul(frob(b2, 1), b1)
	b6 := Mul(frob(b3, 3), b3)
	b7 := Mul(frob(b6, 1), b1)
	b14 := Mul(frob(b7, 7), b7)
	b15 := Mul(frob(b14, 1), b1)
	b30 := Mul(frob(b15, 15), b15)
	b31 := Mul(frob(b30, 1), b1)
	b62 := Mul(frob(b31, 31), b31)
	b63 := Mul(frob(b62, 1), b1)
	return Square(b63), true // a^(2^64-2) = (a^(2^63-1))^2
}

// Div returns a ⊗ b^-1 and false when b = 0.
func Div(a, b uint64) (uint64, bool) {
	inv, ok := Inv(b)
	if !ok {
		return 0, false
	}
	return Mul(a, inv), true
}
