// Package nimber implements nim arithmetic on 64-bit nimbers: the nimbers
// below 2^64 form the finite field GF(2^64) under nim-sum (XOR) and
// nim-product, as the ordinals below 2^(2^k) do for every k (SPEC §2).
//
// The nim-product is the mex rule α·β = mex{α'β ⊕ αβ' ⊕ α'β' : α'<α, β'<β};
// it is computed here from the Fermat 2-power rules instead: for a Fermat
// 2-power F = 2^(2^n) and x, y < F, x⊗F = x·F (ordinary product) and
// F⊗F = F ⊕ F/2. Writing a 64-bit nimber as four 16-bit limbs over the
// subfield GF(2^16) with basis 1, X = 2^16, Y = 2^32, XY = 2^48, the product
// needs only X² = X ⊕ h and Y² = Y ⊕ X⊗h (h = 2^15); with one Karatsuba step
// it takes 17 products of limbs, each one lookup in an exponential table
// indexed by a sum of discrete logarithms; see Mul.
//
// Squaring and square root are GF(2)-linear maps (the Frobenius map and its
// inverse), so they are done with byte tables; Inv and Pow build on them.
package nimber
