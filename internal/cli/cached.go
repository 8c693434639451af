// gen's incremental runs: a function whose analysis key is in the cache is not analysed again (internal/cache).

package cli

import (
	"fmt"
	"os"
	"strings"

	"leapfrog/internal/analysis"
	"leapfrog/internal/cache"
	"leapfrog/internal/report"
	"leapfrog/internal/search"
)

// cacheEnv, when set, is -cache's default (a directory, or off).
const cacheEnv = "LEAPFROG_CACHE"

// openCache opens the cache -cache names: "off" none, "" the default
// ($LEAPFROG_CACHE, else leapfrog under the user cache directory). A cache
// that cannot be opened is a warning, and the run goes on without it.
func openCache(flag string, warn func(string)) *cache.Cache {
	dir := flag
	if dir == "" {
		dir = os.Getenv(cacheEnv)
	}
	if dir == "off" {
		return nil
	}
	if dir == "" {
		d, err := cache.Default()
		if err != nil {
			warn(fmt.Sprintf("no cache (%v): every function is analysed (-cache DIR names one)", err))
			return nil
		}
		dir = d
	}
	c, err := cache.Open(dir, Version)
	if err != nil {
		warn(fmt.Sprintf("no cache: %v: every function is analysed", err))
		return nil
	}
	return c
}

// analyzeCached is analyzeTarget through the cache: the analysis stored
// under the function's key (what it reads: cache.FuncKey) when there is
// one, else a new analysis, stored. A result cut by the time budget is
// reused too (a re-run is then cheap and gives the same bytes), but with
// -retry-timeouts. An entry that cannot be read is a warning and analysed
// again; so is a key or an entry that cannot be made.
func analyzeCached(t *target, opts options, given []search.Given, onRun func(int, int, int), warn func(string)) *result {
	c := opts.cache
	if c == nil {
		return analyzeTarget(t, opts, given, onRun)
	}
	k, err := c.FuncKey(analysis.Target{Target: t.t, Package: t.pkg.path}, cache.Settings{Config: opts.Config, Budget: opts.timeout}, given)
	if err != nil {
		warn(fmt.Sprintf("%s: %v: analysed without the cache", t.decl.name, err))
		return analyzeTarget(t, opts, given, onRun)
	}
	res, err := c.Load(k)
	if err != nil {
		warn(fmt.Sprintf("ignoring an unreadable cache entry: %v", err))
	}
	if res != nil && !(opts.retryTimeouts && timedOut(res)) {
		r := renderResult(t, res)
		r.reused = r.err == nil
		if r.err == nil {
			return r
		}
	}
	r := analyzeTarget(t, opts, given, onRun)
	if r.err == nil {
		if err := c.Store(k, r.res); err != nil {
			warn(fmt.Sprintf("%s: not cached: %v", t.decl.name, err))
		}
	}
	return r
}

// timedOut reports whether a verdict of the analysis was cut by its time
// budget or a solver's timeout (an unknown whose reason says timeout): a
// longer or luckier run might decide it.
func timedOut(r *analysis.Result) bool {
	for _, b := range r.Branches {
		if b.Verdict == report.Unknown && strings.Contains(b.Reason, "timeout") {
			return true
		}
	}
	return false
}

// reusedCount counts the results read from the cache.
func reusedCount(rs []*result) int {
	n := 0
	for _, r := range rs {
		if r.reused {
			n++
		}
	}
	return n
}
