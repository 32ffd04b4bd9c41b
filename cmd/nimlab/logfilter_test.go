package main

import (
	"bytes"
	"errors"
	"log"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
)

// TestFavouritesFilterDropsOnlyTheFavouritesReport logs, through Fyne's own
// LogError, the report a file dialog makes on a computer without a Videos
// folder between two other errors: only that report is dropped.
func TestFavouritesFilterDropsOnlyTheFavouritesReport(t *testing.T) {
	var out bytes.Buffer
	old, flags := log.Writer(), log.Flags()
	log.SetOutput(&favouritesFilter{w: &out})
	t.Cleanup(func() { log.SetOutput(old); log.SetFlags(flags) })

	fyne.LogError("Loading a font", errors.New("no such file"))
	fyne.LogError("Getting favorite locations", errors.New("this computer does not define a VIDEOS folder"))
	fyne.LogError("Painting", nil)
	got := out.String()
	assert.NotContains(t, got, "favorite")
	assert.NotContains(t, got, "VIDEOS")
	assert.Contains(t, got, "Fyne error:  Loading a font")
	assert.Contains(t, got, "Cause: no such file")
	assert.Contains(t, got, "Fyne error:  Painting")
	assert.Equal(t, 2, strings.Count(got, "  At: "), "the other errors keep their place:\n%s", got)
}
