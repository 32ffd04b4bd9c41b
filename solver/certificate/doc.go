// Package certificate is the file format of nimlab's periodicity
// certificates: a self-contained claim about a heap game (its rules, its
// period, preperiod and saltus, the theorem that proves the claim from
// finitely many values) together with those values, so that a program that
// does not trust nimlab's engines can check it.
//
// # Format, version 1
//
// A certificate file is one line of JSON (the header), a newline, and the
// value block: Values.Bytes bytes of zlib data (RFC 1950). Inflated, the
// block holds G(0), G(1), …, G(Window−1) in order, one byte each when
// Values.Encoding is "u8" (every value below 256) or two bytes
// little-endian each when it is "u16le". Values.SHA256 is the SHA-256 of
// the inflated bytes, so it names the values themselves whatever
// compressor wrote them.
//
// The header (see Header) names the format ("nimlab-certificate") and its
// version (1); the game as a take-and-break code in CGSuite notation
// (0.07, 4.[3], 0.B); the claim G(n+p) = G(n) + s for every n ≥ n0 with p
// and n0 the least such numbers; the theorem that turns the window of
// values into a proof, with its parameters; and the nimlab version that
// wrote the file. Nothing in the header is trusted by a verifier: every
// number it states is recomputed or checked.
//
// Theorems (Theorem.Name) and the window each needs, with k the index of
// the last non-zero digit, m the most heaps a move leaves, n0' = max(n0, 1):
//
//	guy-smith      finite codes without modifiers, m ≥ 2:  m·(n0'+p) + k
//	finite-window  finite codes whose moves leave ≤ 1 heap: n0' + p + k
//	nim-lemma      infinite codes whose every digit from d1 on allows
//	               leaving 0 and 1 heaps, d0 = 0: G(n) = n; window 1
//	threes-tail    infinite codes ending in a repeated 3 (arithmetic
//	               periods): base heap Nc and period multiple c given;
//	               window max(Nc + c·p, n0 + (c+1)·p) (c > 1), Nc + p (c = 1)
//
// docs/CERTIFICATES.md states each theorem and how a reader checks a claim
// by hand. This package only reads and writes files: it does not compute
// values and imports no solver.
package certificate
