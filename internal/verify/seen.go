// seen.go: what one instrumented run recorded, and whether it took a given objective (for leapfrog cover).

package verify

import (
	"fmt"
	"path/filepath"

	"leapfrog/internal/ir"
)

// Seen is everything one instrumented run recorded: the branch outcomes by
// site key, the panics by kind and line, the entries by key.
type Seen struct {
	Branches map[string]map[bool]bool
	Panics   map[PanicSite]bool
	Entries  map[string]bool
}

// ReadSeen reads the records an instrumented package wrote to recFile (a
// missing file: nothing was recorded).
func ReadSeen(recFile string, inst *Instrumented) (Seen, error) {
	var s Seen
	var err error
	if s.Branches, err = Observed(recFile, inst.Sites); err != nil {
		return Seen{}, err
	}
	if s.Panics, err = ObservedPanics(recFile); err != nil {
		return Seen{}, err
	}
	if s.Entries, err = ObservedEntries(recFile); err != nil {
		return Seen{}, err
	}
	return s, nil
}

// Checkable says whether the instrumenter records the objective at p with
// the outcome ("true", "false", "entry" or a panic kind), and if not why.
// Branch and entry objectives are matched by position, panics by kind and
// line (a stack has no column), as Run compares claims.
func (inst *Instrumented) Checkable(p ir.Pos, outcome string) (bool, string) {
	if s, ok := skippedAt(inst, p); ok {
		return false, fmt.Sprintf("%s was not instrumented (%s)", s.Name, s.Reason)
	}
	key := siteKey(p)
	switch {
	case outcome == "entry":
		if !inst.Entries[key] {
			return false, "not the entry of a function of the instrumenter"
		}
	case outcome == "true" || outcome == "false":
		if _, ok := inst.Sites[key]; !ok {
			return false, "not a branch site of the instrumenter (the two countings disagree)"
		}
	case !isPanicKind(outcome):
		return false, fmt.Sprintf("bad outcome %q", outcome)
	}
	return true, ""
}

// Took reports whether the run took the objective at p with the outcome
// (Checkable says whether the answer means anything).
func (s Seen) Took(p ir.Pos, outcome string) bool {
	switch outcome {
	case "entry":
		return s.Entries[siteKey(p)]
	case "true", "false":
		return s.Branches[siteKey(p)][outcome == "true"]
	}
	return s.Panics[PanicSite{outcome, lineKey(p)}]
}

// CopyModule copies the module tree at root to dst, without .git
// directories.
func CopyModule(root, dst string) error {
	// dst may lie inside root (TMPDIR inside the module): it is not copied
	// into itself.
	absRoot, err1 := filepath.Abs(root)
	absDst, err2 := filepath.Abs(dst)
	return copyTree(root, dst, func(r string) bool {
		return filepath.Base(r) == ".git" || err1 == nil && err2 == nil && filepath.Join(absRoot, r) == absDst
	})
}
