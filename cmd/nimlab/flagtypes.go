package main

import "github.com/spf13/pflag"

// typedText is a flag kept as its text, so that nimlab reads and checks it
// with its own messages (what was wrong, what is accepted), while --help
// shows the kind of value it takes ("--n int", "--heaps ints") rather than
// "string".
type typedText struct {
	text *string
	kind string
}

func (t typedText) String() string {
	if t.text == nil {
		return ""
	}
	return *t.text
}
func (t typedText) Set(s string) error { *t.text = s; return nil }
func (t typedText) Type() string       { return t.kind }

// intFlag registers a whole-number flag read later by parseCount and
// friends.
func intFlag(fl *pflag.FlagSet, p *string, name, value, usage string) {
	*p = value
	fl.Var(typedText{p, "int"}, name, usage)
}

// intsFlag registers a comma-separated list of whole numbers (heaps, sets).
func intsFlag(fl *pflag.FlagSet, p *string, name, value, usage string) {
	*p = value
	fl.Var(typedText{p, "ints"}, name, usage)
}

// durationFlag registers a duration such as 30s or 5m.
func durationFlag(fl *pflag.FlagSet, p *string, name, value, usage string) {
	*p = value
	fl.Var(typedText{p, "duration"}, name, usage)
}
