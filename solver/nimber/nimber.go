package nimber

import "math/bits"

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

// expTableSize is a power of two, so that masking an index with
// expTableSize-1 removes the bounds check; it exceeds 2*limbZeroLog + 65534, the largest index Mul forms.
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
// With limbs a = a0 + a1·X + a2·Y + a3·XY (X = 2^16, Y = 2^32, limbs in
// GF(2^16)), X² = X ⊕ h and Y² = Y ⊕ X⊗h give the product's limbs
//
//	c0 = p00 ⊕ h·p11 ⊕ h²·(p33 ⊕ p23 ⊕ p32)
//	c1 = p01 ⊕ p10 ⊕ p11 ⊕ h·p22 ⊕ (h ⊕ h²)·p33 ⊕ h·(p23 ⊕ p32)
//	c2 = p02 ⊕ p20 ⊕ p22 ⊕ h·p33 ⊕ h·(p13 ⊕ p31)
//	c3 = p03 ⊕ p30 ⊕ p33 ⊕ p12 ⊕ p21 ⊕ p13 ⊕ p31 ⊕ p23 ⊕ p32
//
// where pij = ai ⊗ bj. Each term h^m·pij is one lookup
// expTable[log ai + log bj + m·log h]: 8 logarithms and 26 independent
// lookups, no branches.
func Mul(a, b uint64) uint64 {
	la0 := logTable[uint16(a)]
	la1 := logTable[uint16(a>>16)]
	la2 := logTable[uint16(a>>32)]
	la3 := logTable[uint16(a>>48)]
	lb0 := logTable[uint16(b)]
	lb1 := logTable[uint16(b>>16)]
	lb2 := logTable[uint16(b>>32)]
	lb3 := logTable[uint16(b>>48)]
	e := &expTable
	const m = expTableSize - 1
	// Offsets folded into b's logarithms once: lbjH = log(bj⊗h), lbjHH = log(bj⊗h²).
	lb1H := lb1 + halfLog
	lb2H, lb2HH := lb2+halfLog, lb2+halfLog2
	lb3H, lb3HH := lb3+halfLog, lb3+halfLog2

	p33h1 := e[(la3+lb3H)&m]
	p33h2 := e[(la3+lb3HH)&m]

	c0 := e[(la0+lb0)&m] ^ e[(la1+lb1H)&m] ^ p33h2 ^
		e[(la2+lb3HH)&m] ^ e[(la3+lb2HH)&m]
	c1 := e[(la0+lb1)&m] ^ e[(la1+lb0)&m] ^ e[(la1+lb1)&m] ^
		e[(la2+lb2H)&m] ^ p33h1 ^ p33h2 ^
		e[(la2+lb3H)&m] ^ e[(la3+lb2H)&m]
	c2 := e[(la0+lb2)&m] ^ e[(la2+lb0)&m] ^ e[(la2+lb2)&m] ^ p33h1 ^
		e[(la1+lb3H)&m] ^ e[(la3+lb1H)&m]
	c3 := e[(la0+lb3)&m] ^ e[(la3+lb0)&m] ^ e[(la3+lb3)&m] ^
		e[(la1+lb2)&m] ^ e[(la2+lb1)&m] ^ e[(la1+lb3)&m] ^
		e[(la3+lb1)&m] ^ e[(la2+lb3)&m] ^ e[(la3+lb2)&m]
	return uint64(c0) | uint64(c1)<<16 | uint64(c2)<<32 | uint64(c3)<<48
}

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
