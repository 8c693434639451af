// leapfrog's JSON report (docs/report.schema.json), read as far as the corpus needs, and its outcomes counted once each.
package corpus

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// lfReport is the part of leapfrog gen -json's report the corpus reads.
type lfReport struct {
	Version  string `json:"version"`
	Packages []struct {
		Path string `json:"path"`
		Dir  string `json:"dir"`
	} `json:"packages"`
	Functions []lfFunction `json:"functions"`
	Rejected  []struct {
		Function string `json:"function"`
		Package  string `json:"package"`
		Pos      string `json:"pos"`
		Reason   string `json:"reason"`
	} `json:"rejected"`
	Summary struct {
		Functions int `json:"functions"`
		Analysed  int `json:"analysed"`
		Rejected  int `json:"rejected"`
	} `json:"summary"`
}

// lfFunction is one analysed function of the report.
type lfFunction struct {
	Function string     `json:"function"`
	Package  string     `json:"package"`
	Branches []lfBranch `json:"branches"`
	Aborts   []string   `json:"aborts"`
}

// lfBranch is one objective of a function's report.
type lfBranch struct {
	Func        string `json:"func"`
	Pos         string `json:"pos"`
	Outcome     string `json:"outcome"`
	Verdict     string `json:"verdict"`
	Reason      string `json:"reason"`
	Checked     string `json:"checked"`
	CheckReason string `json:"check_reason"`
}

// readReport reads a leapfrog JSON report.
func readReport(path string) (*lfReport, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r lfReport
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Outcomes counts a module's branch outcomes, each source outcome once.
type Outcomes struct {
	Outcomes    int `json:"outcomes"` // distinct (package, position, outcome)
	Covered     int `json:"covered"`
	Unreachable int `json:"unreachable"`
	Unknown     int `json:"unknown"`
	Independent int `json:"unreachable_independent"` // unreachable, re-proved independently
	EngineOnly  int `json:"unreachable_engine_only"` // unreachable on the engine's word
	// Disagreements are outcomes that the report of the function holding
	// them calls unreachable and the report of a caller covers: possible
	// only through package state the caller sets, else a false proof.
	Disagreements int `json:"disagreements"`
	// PerFunction counts objectives as the reports list them, a callee's
	// once per caller (the per-function view).
	PerFunction    int     `json:"objectives_per_function"`
	UnknownReasons []Count `json:"unknown_reasons"`
	EngineReasons  []Count `json:"engine_only_reasons"`
}

// Decided is covered plus unreachable.
func (o Outcomes) Decided() int { return o.Covered + o.Unreachable }

// countOutcomes counts the distinct outcomes of a report. A callee's
// outcomes appear in every caller's report, so an outcome is the triple
// (package, position, outcome) and its verdict is: covered if any report
// covers it; otherwise the verdict of the report of the function holding it
// (analysed over all its inputs); otherwise (a closure, or a function not
// analysed) unreachable only if every report says so.
func countOutcomes(r *lfReport) Outcomes {
	type key struct{ pkg, pos, outcome string }
	type seen struct {
		covered        bool
		owner          *lfBranch
		allUnreachable bool
		first          *lfBranch
		firstUnknown   *lfBranch // the first report calling it unknown: the reason of an unknown outcome
	}
	m := map[key]*seen{}
	var order []key
	var o Outcomes
	for fi := range r.Functions {
		f := &r.Functions[fi]
		for bi := range f.Branches {
			b := &f.Branches[bi]
			o.PerFunction++
			k := key{f.Package, b.Pos, b.Outcome}
			s := m[k]
			if s == nil {
				s = &seen{allUnreachable: true, first: b}
				m[k] = s
				order = append(order, k)
			}
			s.covered = s.covered || b.Verdict == "covered"
			if b.Verdict == "unknown" && s.firstUnknown == nil {
				s.firstUnknown = b
			}
			s.allUnreachable = s.allUnreachable && b.Verdict == "unreachable"
			if b.Func == f.Function {
				s.owner = b
			}
		}
	}
	unknown, engine := map[string]int{}, map[string]int{}
	for _, k := range order {
		s := m[k]
		o.Outcomes++
		verdict, b := "unknown", s.first
		switch {
		case s.covered:
			verdict = "covered"
			if s.owner != nil && s.owner.Verdict == "unreachable" {
				o.Disagreements++
			}
		case s.owner != nil:
			verdict, b = s.owner.Verdict, s.owner
		case s.allUnreachable:
			verdict = "unreachable"
		case s.firstUnknown != nil:
			b = s.firstUnknown // not the reason of a report that proved it
		}
		switch verdict {
		case "covered":
			o.Covered++
		case "unreachable":
			o.Unreachable++
			if b.Checked == "independent" {
				o.Independent++
			} else {
				o.EngineOnly++
				engine[normaliseReason(b.CheckReason)]++
			}
		default:
			o.Unknown++
			unknown[normaliseReason(b.Reason)]++
		}
	}
	o.UnknownReasons = counts(unknown)
	o.EngineReasons = counts(engine)
	return o
}

// A Count is a reason and how many times it occurs.
type Count struct {
	N      int    `json:"n"`
	Reason string `json:"reason"`
}

// counts sorts a tally: most frequent first, then by reason.
func counts(m map[string]int) []Count {
	cs := []Count{}
	for r, n := range m {
		cs = append(cs, Count{n, r})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].N > cs[j].N || cs[i].N == cs[j].N && cs[i].Reason < cs[j].Reason })
	return cs
}

// addCounts adds the counts cs into m.
func addCounts(m map[string]int, cs []Count) {
	for _, c := range cs {
		m[c.Reason] += c.N
	}
}

var (
	positionRE = regexp.MustCompile(`[\w./@~+-]*\.go:\d+(:\d+)?`)
	namedRE    = regexp.MustCompile(`\b(parameter|result|variable|receiver|field|input|global) [\w.]+`)
	loopRE     = regexp.MustCompile(`\bloop ([\w$]+\.)?\d+\b`)
)

// normaliseReason makes reasons group: positions, parameter and loop names
// dropped, "unsupported: " and the "(LEAPFROG_DEBUG=1 ...)" hint removed, at most 160 bytes.
func normaliseReason(s string) string {
	s = strings.TrimPrefix(s, "unsupported: ")
	s = strings.TrimSuffix(s, " (LEAPFROG_DEBUG=1 prints the stack)")
	s = positionRE.ReplaceAllString(s, "…")
	s = namedRE.ReplaceAllString(s, "$1 X")
	s = loopRE.ReplaceAllString(s, "loop N")
	s = truncate(strings.Join(strings.Fields(s), " "), 160)
	if s == "" {
		s = "(no reason given)"
	}
	return s
}

// truncate cuts s to at most n bytes on a rune boundary, marking the cut with "…".
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
