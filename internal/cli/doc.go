// Package cli implements the leapfrog command line: gen (analyse functions,
// emit tests and reports, optionally verify them), bench (compare
// strategies, internal/bench; with -scale, on the synthetic series of
// growing functions), merge (join the JSON reports of shards) and version.
// cmd/leapfrog/main.go only calls Main. The command line parses flags,
// selects the functions, shows progress and writes the output; what a
// function's analysis is belongs to internal/analysis, which it calls.
//
// Design:
//
//   - Arguments (args.go): flags may come anywhere before "--"; -h prints
//     the usage to stdout. An argument that is a Go identifier, T.M or
//     (*T).M names a function; one ending in .ir is a CFG model; every other
//     is a package pattern, resolved with go/packages (packages.go): a
//     directory argument inside the module holding it, an import path in the
//     working directory's module. Function names need a single package.
//   - Selection (targets.go): the named functions, else every function and
//     method with a body, filtered by -run, then the shard's share (a hash
//     of package path and name, so a function's shard never depends on the
//     others). Each package with something selected is lowered whole, in
//     declaration order, so that the IR (the names the front end gives
//     types, the objective ids) does not depend on the selection; a
//     function the front end rejects becomes a report.Rejected.
//   - Streaming (stream.go): gen lowers, analyses and releases its
//     packages one after another. Lowering a package keeps of each target
//     what the report and the emitter read and its edges in the plan (the
//     functions of its package it may call), not its program: each
//     function is lowered again from the package's loader when its
//     analysis starts (the same program: the loader gave every name
//     already) and dropped when it ends, and the package is released
//     before the next is lowered. Memory holds one package and the -p
//     programs being analysed, not the module (a program holds all its
//     callees: every function's together exhaust memory on one package of
//     spf13/pflag). The plan's edges stay within a package, so the order
//     changes nothing any analysis is given. bench and cover keep every
//     program.
//   - Everything is checked before any analysis (flag values, output
//     directories, unknown or rejected named functions) or, for what
//     depends on a package's lowering (its build errors, its test files
//     that are not ours, the measure of its own tests), before its
//     analysis; every file is rendered before the first is written:
//     a command that fails writes nothing. Errors are one line each,
//     "leapfrog CMD: <place>: <what>", places relative to the working
//     directory. Exit status: 0 success, 1 failure, 2 bad command line, 3
//     rejections only (a named function, or any with -strict).
//   - Completing the package's own tests (complete.go, gen -complete, the
//     default): a package with test files of its own (not leapfrog's) is
//     measured before its analyses by internal/cover, leapfrog's
//     generated files left out, and the outcomes its tests take are given to every search of
//     the package as covered by them (search.Given with Tests), before
//     what callees' analyses decided. A package without tests is not
//     measured, so its output is the same bytes as with -complete=false.
//   - Analysis (run.go): -p goroutines, each calling analysis.Analyze on a
//     function with a context bounded by -timeout (everything else of the
//     analysis, the clock's policy included, is that package's). Results are
//     kept in selection order and reports are sorted canonically, and no
//     timing goes into a file, so the output is byte-identical whatever -p.
//     The flags' defaults are analysis.Defaults.
//   - Incremental runs (cached.go, internal/cache): before a function is
//     analysed, its key (its program's IR, the settings, what it is given
//     by its callees and by the package's own tests, this build of
//     leapfrog) is looked up in the cache (-cache: $LEAPFROG_CACHE, else
//     leapfrog under the user cache directory; off: none); a stored
//     analysis is rendered as a new one would be, so its output is the
//     same bytes. An analysis cut by the time budget is reused too (a
//     re-run is cheap and byte-identical); -retry-timeouts analyses those
//     again. A cache entry that cannot be read, or a cache that cannot be
//     opened, is a warning, never a failure. The tests set
//     LEAPFROG_CACHE=off (the scripts give theirs in $WORK): none writes
//     into the user's cache.
//   - Progress (progress.go): a status line redrawn in place when stderr is
//     a terminal (everything else printed during the run goes around it),
//     plain lines otherwise, nothing with -q.
//   - Output (output.go): one test file per source file, written atomically;
//     whole-package runs remove the generated test files they replace; the
//     JSON report (internal/report) and the HTML report (internal/htmlreport).
//   - Re-proof: gen asks the analysis (-recheck, on by default) to re-prove
//     every unreachable verdict with package indep before writing anything,
//     and prints loudly, around the progress line, any verdict the re-proof
//     found wrong.
package cli
