package gui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/misere"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// misereBrute075 is the misère outcome of a sum of heaps of 0.75, searched
// from the rules alone: digit 7 (take 1) may leave no heap, one heap or two
// heaps; digit 5 (take 2) may leave no heap or two non-empty heaps. In
// misère play the player who cannot move wins. It returns true for P.
type misereBrute075 map[string]bool

func (m misereBrute075) isP(heaps []int) bool {
	var hs []int
	for _, h := range heaps {
		if h > 0 {
			hs = append(hs, h)
		}
	}
	slices.Sort(hs)
	key := fmt.Sprint(hs)
	if v, ok := m[key]; ok {
		return v
	}
	hasMove := false
	p := true
	try := func(i int, leave ...int) {
		hasMove = true
		next := slices.Clone(hs)
		next = append(next[:i], next[i+1:]...)
		next = append(next, leave...)
		if m.isP(next) {
			p = false // a move to P: the position is N
		}
	}
	for i, h := range hs {
		// Take 1 (digit 7): leave nothing, one heap or two heaps.
		if h == 1 {
			try(i)
		}
		if h >= 2 {
			try(i, h-1)
		}
		for a := 1; a <= (h-1)/2; a++ {
			if h-1-a >= 1 {
				try(i, a, h-1-a)
			}
		}
		// Take 2 (digit 5): leave nothing, or two non-empty heaps.
		if h == 2 {
			try(i)
		}
		for a := 1; a <= (h-2)/2; a++ {
			if h-2-a >= 1 {
				try(i, a, h-2-a)
			}
		}
	}
	v := hasMove && p // no move: the player to move wins (N)
	m[key] = v
	return v
}

func selectTab(u *ui, name string) {
	for _, ti := range u.tabs.Items {
		if ti.Text == name {
			u.tabs.Select(ti)
		}
	}
}

func TestMisereQuotientOf075(t *testing.T) {
	u := newTestUI(t)
	m := u.misere
	selectTab(u, tabMisere) // the first show computes 0.75
	waitJobs(t, m.jobs)
	require.NotNil(t, m.quotient)
	// Di Prisa: 0.75 has the wild quotient R_8 of order 8.
	assert.Contains(t, m.summary.Text, "0.75 (wild misère quotient R₈): misère quotient of order 8, wild")
	assert.Contains(t, m.summary.Text, "Presentation ⟨")
	rows, cols := m.mulSize()
	assert.Equal(t, [2]int{8, 8}, [2]int{rows, cols})
	for x := 0; x < 8; x++ {
		assert.Equal(t, m.quotient.Names[x], m.mulText(0, x), "1 is the identity")
	}
	// Outcomes of sums against a brute-force misère search.
	b := misereBrute075{}
	for _, heaps := range [][]int{{1}, {2}, {3}, {1, 1}, {2, 2}, {3, 4}, {1, 2, 3}, {5, 6}, {4, 4, 1}, {7}} {
		m.heaps.SetText(strings.Trim(fmt.Sprint(heaps), "[]"))
		waitJobs(t, &m.sumJobs)
		if b.isP(heaps) {
			assert.Contains(t, m.moves.Text(), "misère P-position", "%v", heaps)
		} else {
			assert.Contains(t, m.moves.Text(), "misère N-position", "%v", heaps)
		}
	}
	assert.Equal(t, len(m.quotient.Phi), len(m.phi.values))
	assert.Equal(t, m.quotient.Names[m.quotient.Phi[3]], m.phi.cellText(3))
}

func TestMisereTypeComputeTame(t *testing.T) {
	u := newTestUI(t)
	m := u.misere
	m.code.SetText("")
	test.Type(m.code, "0.23")
	test.Tap(m.jobs.Action)
	waitJobs(t, m.jobs)
	// Di Prisa, Example 3.19: 0.23 has quotient T_2 (Nim's), order 6, P = {a, b²}.
	assert.Contains(t, m.summary.Text, "0.23 (Di Prisa, Example 3.19): misère quotient of order 6, tame (≅ T₂, Nim's quotient), normal")
	assert.Contains(t, m.summary.Text, "Certified")
	assert.Equal(t, 2, m.quotient.PSize())
}

func TestMisereBadInputAndCancel(t *testing.T) {
	u := newTestUI(t)
	m := u.misere
	gen := m.jobs.Generation()
	m.code.SetText("0.9")
	assert.True(t, m.codeError.Visible())
	test.Tap(m.jobs.Action)
	assert.Equal(t, gen, m.jobs.Generation(), "no job started")
	m.code.SetText("0.6")
	m.maxHeaps.SetText("5000")
	release := holdJob(t, &m.jobs.JobRunner, func() { test.Tap(m.jobs.Action) })
	assert.False(t, m.jobs.CancelButton.Disabled())
	test.Tap(m.jobs.CancelButton)
	release()
	waitJobs(t, m.jobs)
	assert.Equal(t, "cancelled", m.jobs.Status.Text)
	assert.Nil(t, m.quotient)
}

// The tab shows the quotient's analysis, and a sum with a heap
// beyond the computed partial quotient is decided by SolveSum (Q_m of its
// largest heap) instead of an error (SolveSum itself is checked against a
// brute force in solver/misere).
func TestMisereAnalysisAndSumBeyondQuotient(t *testing.T) {
	u := newTestUI(t)
	m := u.misere
	m.code.SetText("0.07")
	m.maxHeaps.SetText("10")
	test.Tap(m.jobs.Action)
	waitJobs(t, m.jobs)
	require.NotNil(t, m.quotient)
	assert.Equal(t, 10, m.quotient.ComputedTo)
	assert.Contains(t, m.analysis.Text, "Φ is faithful on the sums of heaps 0..10")
	assert.Contains(t, m.analysis.Text, "mutual-divisibility classes")
	assert.Contains(t, m.analysis.Text, "Orders |Qₙ|: 1 from Q₀")
	m.heaps.SetText("3 5 9 20")
	waitJobs(t, &m.sumJobs)
	assert.Contains(t, m.moves.Text(), "decided by the partial quotient Q_20")
}

// The summary of a large quotient shows a bounded part of its P-portion and
// relations (Q_30 of 0.07: |P| = 65).
func TestQuotientSummaryIsBounded(t *testing.T) {
	code, err := misere.NewRules(takebreak.MustParse("0.07"))
	require.NoError(t, err)
	q, err := misere.Compute(context.Background(), code, misere.Options{Max: 30, Exact: true})
	require.NoError(t, err)
	require.Equal(t, 360, q.Order)
	s := quotientSummary(q)
	assert.Contains(t, s, "misère quotient of order 360")
	assert.Contains(t, s, ", … and 35 more}")
	assert.Contains(t, s, fmt.Sprintf("… and %d more relations⟩", len(q.Relations)-30))
	assert.Less(t, len(s), 3000)
}

// TestMiserePhiTableTakesTheIdleSumsHeight opens the Misère tab on a
// 1024×768 projector in presentation mode and normal mode: while the sum
// has no answer, Φ(Hₙ) takes the column's height down to the sum's field
// (no empty pane under the field); an answer gets its share, in sight,
// and clearing the field gives the height back.
func TestMiserePhiTableTakesTheIdleSumsHeight(t *testing.T) {
	for _, present := range []bool{true, false} {
		t.Run(fmt.Sprintf("present=%v", present), func(t *testing.T) {
			u := newProjectorUI(t, fyne.NewSize(1024, 768), present, tabMisere)
			m := u.misere
			waitJobs(t, m.jobs)
			settle(u)
			// Φ(Hₙ) takes the column but for its heading and the sum's row.
			idle := func(when string) float32 {
				column, field := m.right.Size().Height, m.heaps.Size().Height
				phi := m.phi.table.Size().Height
				assert.Greater(t, phi, column-2*field-m.phiHead.Size().Height-4*theme.Padding(),
					"%s: Φ(Hₙ) is %.0f high in a column of %.0f: the idle sum keeps only its field's row", when, phi, column)
				return phi
			}
			phi := idle("opened")
			m.heaps.SetText("3 4")
			waitJobs(t, &m.sumJobs)
			settle(u)
			require.Contains(t, m.moves.Text(), "misère")
			assertOnScreen(t, u.win.Canvas(), append(listRows(t, m.moves.Rows(), 1), m.heaps, m.phi.table)...)
			assert.Less(t, m.phi.table.Size().Height, phi, "the answer takes part of the column")
			m.heaps.SetText("")
			settle(u)
			idle("the field cleared")
		})
	}
}

// TestMisereReturnInMaxHeapComputes: Return in the max heap field computes,
// as it does in the code field and in the Octal tab's max heaps (it did
// nothing: a bound of 10^6 typed and entered left the old quotient on
// screen and no word about the bound).
func TestMisereReturnInMaxHeapComputes(t *testing.T) {
	u := newTestUI(t)
	m := u.misere
	m.code.SetText("0.23")
	m.maxHeaps.SetText("1000000")
	m.maxHeaps.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	assert.True(t, m.codeError.Visible())
	assert.Equal(t, "max heap must be a whole number from 1 to 5000", m.codeError.Text)
	m.maxHeaps.SetText("300")
	m.maxHeaps.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	waitJobs(t, m.jobs)
	assert.False(t, m.codeError.Visible())
	require.NotNil(t, m.quotient)
	assert.Equal(t, "0.23", m.quotient.Code)
	assert.Equal(t, 6, m.quotient.Order)
}
