// Report-wide bookkeeping: lists that are never null, the canonical order, the sums, merging shards.

package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Normalize gives every list of r that JSON would write as null an empty
// value, so that a reader never meets null where a list is documented.
func (r *Report) Normalize() {
	if r.Args == nil {
		r.Args = []string{}
	}
	if r.Packages == nil {
		r.Packages = []*Package{}
	}
	if r.Functions == nil {
		r.Functions = []*Function{}
	}
	if r.Rejected == nil {
		r.Rejected = []*Rejected{}
	}
	for _, f := range r.Functions {
		if f.Branches == nil {
			f.Branches = []Branch{}
		}
		if f.Cases == nil {
			f.Cases = []Case{}
		}
		for i := range f.Cases {
			c := &f.Cases[i]
			if c.Inputs == nil {
				c.Inputs = []Arg{}
			}
			if c.Outputs == nil {
				c.Outputs = []Arg{}
			}
			if c.Covers == nil {
				c.Covers = []string{}
			}
		}
	}
}

// Sort puts packages, functions and rejections in the canonical order:
// packages by import path; functions and rejections by package, file, line
// and name. Reports of the same run, however parallel or sharded, then list
// the same things in the same order.
func (r *Report) Sort() {
	sort.SliceStable(r.Packages, func(i, j int) bool { return r.Packages[i].Path < r.Packages[j].Path })
	sort.SliceStable(r.Functions, func(i, j int) bool {
		a, b := r.Functions[i], r.Functions[j]
		return less(a.Package, a.File, a.Line, a.Function, b.Package, b.File, b.Line, b.Function)
	})
	sort.SliceStable(r.Rejected, func(i, j int) bool {
		a, b := r.Rejected[i], r.Rejected[j]
		return less(a.Package, a.File, a.Line, a.Function, b.Package, b.File, b.Line, b.Function)
	})
	sort.SliceStable(r.Failed, func(i, j int) bool {
		a, b := r.Failed[i], r.Failed[j]
		return less(a.Package, a.File, a.Line, a.Function, b.Package, b.File, b.Line, b.Function)
	})
}

func less(pa, fa string, la int, na string, pb, fb string, lb int, nb string) bool {
	if pa != pb {
		return pa < pb
	}
	if fa != fb {
		return fa < fb
	}
	if la != lb {
		return la < lb
	}
	return na < nb
}

// Count returns the verdict counts of one function.
func (f *Function) Count() (covered, unreachable, unknown int) {
	for _, b := range f.Branches {
		switch b.Verdict {
		case Covered:
			covered++
		case Unreachable:
			unreachable++
		case Unknown:
			unknown++
		default:
			panic(fmt.Sprintf("report: %s %s: verdict %q", f.Function, b.ID, b.Verdict))
		}
	}
	return
}

// Summarize computes the totals of every package and of the report from
// its functions and rejections: the distinct outcomes (Outcomes) and, per
// function, the objectives as each function saw them.
func (r *Report) Summarize() {
	byPath := map[string]*Package{}
	for _, p := range r.Packages {
		p.Totals = Totals{}
		byPath[p.Path] = p
	}
	pkg := func(path string) *Totals {
		p := byPath[path]
		if p == nil { // a package the list misses: add it rather than lose counts
			p = &Package{Path: path}
			byPath[path] = p
			r.Packages = append(r.Packages, p)
		}
		return &p.Totals
	}
	for _, f := range r.Functions {
		t := pkg(f.Package)
		t.Functions++
		t.Analysed++
		c, u, k := f.Count()
		t.PerFunction.add(Verdicts{len(f.Branches), c, u, k})
		t.Cases += f.Stats.Cases - f.Stats.Discarded
	}
	for _, o := range r.Outcomes() {
		t := pkg(o.Package)
		t.Objectives++
		switch o.Verdict {
		case Covered:
			t.Covered++
		case Unreachable:
			t.Unreachable++
		case Unknown:
			t.Unknown++
		}
	}
	for _, x := range r.Rejected {
		t := pkg(x.Package)
		t.Functions++
		t.Rejected++
	}
	for _, x := range r.Failed {
		t := pkg(x.Package)
		t.Functions++
		t.Failed++
	}
	r.Summary = Totals{Packages: len(r.Packages)}
	for _, p := range r.Packages {
		s := &r.Summary
		s.Functions += p.Functions
		s.Analysed += p.Analysed
		s.Rejected += p.Rejected
		s.Failed += p.Failed
		s.Objectives += p.Objectives
		s.Covered += p.Covered
		s.Unreachable += p.Unreachable
		s.Unknown += p.Unknown
		s.Cases += p.Cases
		s.PerFunction.add(p.PerFunction)
	}
}

// Finish puts r in its final form: canonical order, sums, no null list.
func (r *Report) Finish() {
	r.Sort()
	r.Summarize()
	r.Sort() // Summarize may have added a package
	r.Normalize()
}

// Marshal returns r as indented JSON ending in a newline. Strings are
// written as they read (a case named "x > 10", not "x \u003e 10"): the
// report is read by people and JSON tools, never embedded in HTML as is.
func (r *Report) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Decode reads a report strictly: unknown fields are an error, so a report
// of another version or a file that is no report is not half read.
func Decode(data []byte) (*Report, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Report
	if err := dec.Decode(&r); err != nil {
		return nil, err
	}
	if r.Tool != "leapfrog" {
		return nil, fmt.Errorf("not a leapfrog gen report (tool %q)", r.Tool)
	}
	return &r, nil
}

// ParseShard parses "K/N" (1 <= K <= N).
func ParseShard(s string) (k, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		k, err = strconv.Atoi(a)
		if err == nil {
			n, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("want K/N with 1 <= K <= N, got %q", s)
	}
	return k, n, nil
}

// Merge joins the reports of the shards of one run into the report of the
// whole run, its totals counted from the functions (see the package
// comment for why a caller's own view may differ from a run without
// shards). The reports must come from the same version with the same flags
// and arguments, and be the shards 1/N to N/N, each once (or reports of no
// shard, whose functions do not overlap).
func Merge(reps []*Report) (*Report, error) {
	if len(reps) == 0 {
		return nil, fmt.Errorf("no report to merge")
	}
	first := reps[0]
	out := &Report{Tool: first.Tool, Version: first.Version, Flags: first.Flags, Args: first.Args}
	shards := map[int]bool{}
	total := 0
	pkgs := map[string]*Package{}
	seen := map[string]int{}
	for i, r := range reps {
		switch {
		case r.Version != first.Version:
			return nil, fmt.Errorf("report %d: version %s, report 1: %s", i+1, r.Version, first.Version)
		case r.Flags != first.Flags:
			return nil, fmt.Errorf("report %d: flags %+v differ from report 1's %+v", i+1, r.Flags, first.Flags)
		case strings.Join(r.Args, "\x00") != strings.Join(first.Args, "\x00"):
			return nil, fmt.Errorf("report %d: arguments %q, report 1: %q", i+1, r.Args, first.Args)
		case (r.Shard == "") != (first.Shard == ""):
			return nil, fmt.Errorf("report %d: a shard and a whole run cannot be merged", i+1)
		}
		if r.Shard != "" {
			k, n, err := ParseShard(r.Shard)
			if err != nil {
				return nil, fmt.Errorf("report %d: shard: %v", i+1, err)
			}
			if total == 0 {
				total = n
			}
			if n != total {
				return nil, fmt.Errorf("report %d: shard %s, but report 1 is a shard of %d", i+1, r.Shard, total)
			}
			if shards[k] {
				return nil, fmt.Errorf("report %d: shard %s given twice", i+1, r.Shard)
			}
			shards[k] = true
		}
		out.Reused += r.Reused
		for _, p := range r.Packages {
			if pkgs[p.Path] == nil {
				pkgs[p.Path] = &Package{Path: p.Path, Dir: p.Dir}
				out.Packages = append(out.Packages, pkgs[p.Path])
			}
		}
		// claim records that report i holds the function; twice is an error.
		claim := func(pkg, fn string) error {
			key := pkg + "\x00" + fn
			if j, dup := seen[key]; dup {
				return fmt.Errorf("report %d: %s.%s is in report %d too", i+1, pkg, fn, j)
			}
			seen[key] = i + 1
			return nil
		}
		for _, f := range r.Functions {
			if err := claim(f.Package, f.Function); err != nil {
				return nil, err
			}
			out.Functions = append(out.Functions, f)
		}
		for _, x := range r.Rejected {
			if err := claim(x.Package, x.Function); err != nil {
				return nil, err
			}
			out.Rejected = append(out.Rejected, x)
		}
		for _, x := range r.Failed {
			if err := claim(x.Package, x.Function); err != nil {
				return nil, err
			}
			out.Failed = append(out.Failed, x)
		}
	}
	for k := 1; k <= total; k++ {
		if !shards[k] {
			return nil, fmt.Errorf("shard %d/%d is missing", k, total)
		}
	}
	out.Finish()
	return out, nil
}
