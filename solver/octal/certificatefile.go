package octal

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nimlab/nimlab/solver/certificate"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// Statements of the theorems as certificate headers give them.
const (
	statementGuySmith = "If moves take at most k tokens and leave at most m heaps, and G(n+p) = G(n) for n0 ≤ n < m·(n0'+p) + k − p (n0' = max(n0, 1)), then G(n+p) = G(n) for every n ≥ n0."
	statementFinite   = "If moves take at most k tokens and leave at most one heap, and G(n+p) = G(n) for n0 ≤ n < n0' + k (n0' = max(n0, 1)), then G(n+p) = G(n) for every n ≥ n0."
	statementNim      = "If the digit before the point is 0 and every digit allows leaving nothing and leaving one heap, a heap of n has options of every value below n and none of value n: G(n) = n."
	statementThrees   = "For an infinite code whose digits are 3 from T+1 on: if G(n+cp) = G(n) + cs on the window from n0 on, the values seen before Nc+cp−T are those seen before Nc−T shifted by cs plus 0..cs−1, and the splits pass the residue and witness conditions, then G(n+p) = G(n) + s for every n ≥ n0."
)

// ErrNotCertified is returned by NewCertificate for a period no theorem
// proves.
var ErrNotCertified = errors.New("no theorem proves this period: there is nothing to certify")

// NewCertificate returns the certificate header of a proven period of code
// and the values it rests on (a prefix of values, which must be the game's
// G(0..)). version names the program writing it.
func NewCertificate(code Code, values []uint16, per Period, version string) (certificate.Header, []uint16, error) {
	var h certificate.Header
	if !per.Certified || per.Period < 1 {
		return h, nil, ErrNotCertified
	}
	r := code.TakeBreak()
	rules := takebreak.Code{Digits: r.Digits, Repeat: r.Repeat}
	h.Game.Rules = rules.String()
	// A common name (Dawson's Kayles), else the way the game is spelled when
	// it is not its code (S(1,2,5)); GameName's descriptions that start with
	// the code itself ("0.16 (period 149459)") are left out.
	if name := GameName(code); name != "" && !strings.HasPrefix(name, code.String()) {
		h.Game.Name = name
	} else if code.String() != h.Game.Rules {
		h.Game.Name = code.String()
	}
	h.Claim = certificate.Claim{Period: per.Period, Preperiod: per.Preperiod, Saltus: per.Saltus}
	h.Nimlab = version
	p, n0, s := per.Period, per.Preperiod, per.Saltus
	switch {
	case nimLemma(r):
		h.Theorem = certificate.Theorem{Name: certificate.NimLemma, Window: 1, Statement: statementNim}
	default:
		if m, k, ok := certifiable(r); ok {
			name, st := certificate.GuySmith, statementGuySmith
			heaps := m
			if m <= 1 {
				name, st, heaps = certificate.FiniteWindow, statementFinite, 0
			}
			h.Theorem = certificate.Theorem{Name: name, Window: GeneralCertificateLength(n0, p, k, m), Heaps: heaps, K: k, Statement: st}
			break
		}
		tail, ok := threesTail(r)
		if !ok {
			return h, nil, ErrNotCertified
		}
		found := false
		for c := 1; c <= maxPeriodMultiple && n0+c*p <= len(values); c *= 2 {
			got, ok := CertifyThreesTail(values, tail, c*p, c*s, n0)
			if !ok {
				continue
			}
			nc := got.NeededTo - c*p
			window := nc + c*p
			if c > 1 {
				window = max(window, n0+(c+1)*p)
			}
			h.Theorem = certificate.Theorem{Name: certificate.ThreesTail, Window: window, Base: nc, Multiple: c, Statement: statementThrees}
			found = true
			break
		}
		if !found {
			return h, nil, ErrNotCertified
		}
	}
	if h.Theorem.Window > len(values) {
		return h, nil, fmt.Errorf("the certificate of %s needs G(0..%d), only G(0..%d) are known", code, h.Theorem.Window-1, len(values)-1)
	}
	return h, values[:h.Theorem.Window], nil
}

// WriteCertificate writes the certificate of a proven period of code to w.
func WriteCertificate(w io.Writer, code Code, values []uint16, per Period, version string) (certificate.Header, error) {
	h, window, err := NewCertificate(code, values, per, version)
	if err != nil {
		return h, err
	}
	return certificate.Write(w, h, window)
}
