// The numbers of a corpus run: per module and in total, as the JSON file holds them.
package corpus

import "sort"

// Results are all the numbers of one run (the JSON file), from which the table is printed.
type Results struct {
	Leapfrog       string          `json:"leapfrog"`        // leapfrog version's first line
	LeapfrogSHA256 string          `json:"leapfrog_sha256"` // of the binary that ran
	Go             string          `json:"go"`              // go env GOVERSION
	Settings       Settings        `json:"settings"`
	List           ListInfo        `json:"list"`
	Modules        []*ModuleResult `json:"modules"`
	Totals         Totals          `json:"totals"`
}

// Settings are the flags that shape the numbers.
type Settings struct {
	Timeout       string `json:"timeout"`        // leapfrog gen -timeout, per function
	ModuleTimeout string `json:"module_timeout"` // wall-time cap per module ("0s": none)
	TestTimeout   string `json:"test_timeout"`   // go test -timeout
	VerifyEvery   int    `json:"verify_every"`   // every Nth analysed function is run again with -verify (0: none)
	GenParallel   int    `json:"gen_p"`          // leapfrog gen -p (0: its default)
	Jobs          int    `json:"jobs"`
	Source        string `json:"source"` // "proxy" (go mod download), or the module cache directory read instead
}

// ListInfo says which list ran and whether all of it did.
type ListInfo struct {
	Name    string `json:"name"`
	Entries int    `json:"entries"` // in the list
	Run     int    `json:"run"`     // selected by -only
	Partial bool   `json:"partial"` // Run < Entries: the totals are not the corpus's
	Only    string `json:"only,omitempty"`
}

// A ModuleResult is one row: one entry of the list, whatever happened to it.
type ModuleResult struct {
	Entry
	Name   string   `json:"name"`
	Status string   `json:"status"` // "ok", or what stopped the run ("download failed", "build failed", "timeout", ...)
	Error  string   `json:"error,omitempty"`
	Notes  []string `json:"notes"`
	// Functions are those leapfrog selected (its report), or, when it wrote
	// nothing, those with a body in the packages (go list and go/parser).
	Functions int `json:"functions"`
	Accepted  int `json:"accepted"` // analysed
	// AcceptedAborting are the accepted functions whose program stands
	// for a function it cannot lower by a call that aborts the run
	// (report's "aborts"); AbortReasons count those functions' causes,
	// each once per accepted function.
	AcceptedAborting int     `json:"accepted_aborting"`
	AbortReasons     []Count `json:"abort_reasons"`
	Rejected         int     `json:"rejected"` // unsupported constructs
	RejectReasons    []Count `json:"reject_reasons"`
	Crashes          []Crash `json:"crashes"` // internal errors and panics of leapfrog
	Aborted          bool    `json:"aborted"` // leapfrog gen failed and wrote nothing
	GenExit          int     `json:"gen_exit"`
	Outcomes
	Coverage    Coverage `json:"coverage"`
	Verify      Verify   `json:"verify"`
	GenSeconds  float64  `json:"gen_seconds"`
	WallSeconds float64  `json:"wall_seconds"`
}

// A Crash is one internal error or panic of leapfrog, by function where known.
type Crash struct {
	Function string `json:"function,omitempty"`
	Message  string `json:"message"`
}

// Coverage is the statement coverage of the module's packages by each test set.
type Coverage struct {
	// Statements of the packages tested: every block any of the three runs
	// reports, each once.
	Statements  int     `json:"statements"`
	Emitted     TestSet `json:"emitted"`     // leapfrog's tests alone
	Maintainers TestSet `json:"maintainers"` // the module's own tests alone
	Both        TestSet `json:"both"`
	// Dropped are the maintainers' test files left out: named in the list,
	// or not building in the copy.
	Dropped []string `json:"dropped"`
	// Skipped are the maintainers' tests skipped because they crashed or hung
	// their test binary (which then writes no coverage).
	Skipped []string `json:"skipped"`
}

// A TestSet is one go test -cover run over the module's packages.
type TestSet struct {
	Ran      bool     `json:"ran"`
	Covered  int      `json:"covered"` // statements
	Percent  float64  `json:"percent"` // of Coverage.Statements
	Passed   bool     `json:"passed"`  // every package passed (or has no tests)
	Packages int      `json:"packages"`
	Tests    int      `json:"tests"`  // top-level tests passed
	Failed   []string `json:"failed"` // "pkg: TestX", "pkg: build failed", "pkg: crashed"
	Error    string   `json:"error,omitempty"`
}

// Verify is the -verify sample of the module.
type Verify struct {
	Sampled   int     `json:"sampled"`
	Confirmed int     `json:"confirmed"`
	NoCase    int     `json:"no_case"` // no run completed: nothing to verify
	Failed    []Crash `json:"failed"`
}

// Totals are the sums over the modules that ran.
type Totals struct {
	Modules   int `json:"modules"`
	NotOK     int `json:"not_ok"` // rows whose status is not ok
	Functions int `json:"functions"`
	Accepted  int `json:"accepted"`
	// AcceptedAborting: accepted, with calls that abort runs.
	AcceptedAborting int `json:"accepted_aborting"`
	Rejected         int `json:"rejected"`
	Crashes          int `json:"crashes"`
	Aborted          int `json:"aborted"`
	Outcomes         int `json:"outcomes"`
	Covered          int `json:"covered"`
	Unreachable      int `json:"unreachable"`
	Unknown          int `json:"unknown"`
	Independent      int `json:"unreachable_independent"`
	EngineOnly       int `json:"unreachable_engine_only"`
	Disagreements    int `json:"disagreements"`
	PerFunction      int `json:"objectives_per_function"`
	// Statement coverage, over the modules whose tests ran.
	Statements         int `json:"statements"`
	EmittedCovered     int `json:"emitted_covered"`
	MaintainersCovered int `json:"maintainers_covered"`
	BothCovered        int `json:"both_covered"`
	EmittedFailing     int `json:"emitted_failing"` // modules whose emitted tests do not all pass
	VerifySampled      int `json:"verify_sampled"`
	VerifyConfirmed    int `json:"verify_confirmed"`
	VerifyNoCase       int `json:"verify_no_case"`
	VerifyFailed       int `json:"verify_failed"`
	// The most frequent reasons, all of them (the table prints ten).
	RejectReasons  []Count `json:"reject_reasons"`
	AbortReasons   []Count `json:"abort_reasons"`
	UnknownReasons []Count `json:"unknown_reasons"`
	EngineReasons  []Count `json:"engine_only_reasons"`
	WallSeconds    float64 `json:"wall_seconds"`
}

// total sums the rows.
func total(rows []*ModuleResult) Totals {
	var t Totals
	rej, unk, eng, abo := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rows {
		t.Modules++
		if r.Status != "ok" {
			t.NotOK++
		}
		t.Functions += r.Functions
		t.Accepted += r.Accepted
		t.AcceptedAborting += r.AcceptedAborting
		t.Rejected += r.Rejected
		t.Crashes += len(r.Crashes)
		if r.Aborted {
			t.Aborted++
		}
		t.Outcomes += r.Outcomes.Outcomes
		t.Covered += r.Covered
		t.Unreachable += r.Unreachable
		t.Unknown += r.Unknown
		t.Independent += r.Independent
		t.EngineOnly += r.EngineOnly
		t.Disagreements += r.Disagreements
		t.PerFunction += r.PerFunction
		if r.Coverage.Emitted.Ran || r.Coverage.Maintainers.Ran {
			t.Statements += r.Coverage.Statements
			t.EmittedCovered += r.Coverage.Emitted.Covered
			t.MaintainersCovered += r.Coverage.Maintainers.Covered
			t.BothCovered += r.Coverage.Both.Covered
		}
		if r.Coverage.Emitted.Ran && !r.Coverage.Emitted.Passed {
			t.EmittedFailing++
		}
		t.VerifySampled += r.Verify.Sampled
		t.VerifyConfirmed += r.Verify.Confirmed
		t.VerifyNoCase += r.Verify.NoCase
		t.VerifyFailed += len(r.Verify.Failed)
		addCounts(rej, r.RejectReasons)
		addCounts(unk, r.UnknownReasons)
		addCounts(eng, r.EngineReasons)
		addCounts(abo, r.AbortReasons)
		t.WallSeconds += r.WallSeconds
	}
	t.RejectReasons, t.UnknownReasons, t.EngineReasons, t.AbortReasons = counts(rej), counts(unk), counts(eng), counts(abo)
	return t
}

// percent is 100*n/d, 0 when d is 0.
func percent(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return 100 * float64(n) / float64(d)
}

// sortedKeys returns m's keys in order.
func sortedKeys(m map[string]bool) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
