// The merge subcommand: join the JSON reports of a run's shards into the report of the whole run.

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"

	"leapfrog/internal/report"
)

const mergeLine = "leapfrog merge [flags] report.json..."

const mergeDesc = `Joins the JSON reports of the shards of one run (leapfrog gen -shard K/N
-json rK.json, K = 1..N) into the report of the whole run: the functions
and the totals of distinct outcomes leapfrog gen -json would write without
-shard (a caller whose callee fell into another shard searched the callee's
outcomes itself, and lists its own verdicts on them). The reports must come from the
same version, flags and arguments, and every shard must be there once. Prints
the summary; writes -json and -html (the HTML reads the sources at the paths
the reports give, relative to the working directory).`

func merge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	jsonOut := fs.String("json", "", "write the merged JSON report to this `file`")
	htmlOut := fs.String("html", "", "write the HTML report to this `file`")
	quiet := fs.Bool("q", false, "quiet: only the totals")
	rest, err := parseArgs(fs, args, stdout, usageOf(fs, mergeLine, mergeDesc))
	if err == nil {
		err = runMerge(rest, *jsonOut, *htmlOut, *quiet, stdout)
	}
	return exitOf(stderr, "merge", err)
}

func runMerge(files []string, jsonOut, htmlOut string, quiet bool, stdout io.Writer) error {
	if len(files) == 0 {
		return usagef("no report to merge (see leapfrog merge -h)")
	}
	if err := checkOutputs(map[string]string{"-json": jsonOut, "-html": htmlOut}); err != nil {
		return err
	}
	var reps []*report.Report
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return usagef("%s: %v", f, pathErr(err))
		}
		r, err := report.Decode(data)
		if err != nil {
			return usagef("%s: not a leapfrog gen report: %v", f, err)
		}
		reps = append(reps, r)
	}
	rep, err := report.Merge(reps)
	if err != nil {
		return usagef("%v", err)
	}
	var out []outFile
	if jsonOut != "" {
		js, err := rep.Marshal()
		if err != nil {
			return err
		}
		out = append(out, outFile{path: jsonOut, data: js})
	}
	if htmlOut != "" {
		page, err := renderHTML(rep)
		if err != nil {
			return err
		}
		out = append(out, outFile{path: htmlOut, data: page})
	}
	summarizeRun(stdout, rep, !quiet, quiet)
	return writeFiles(out, nil, stdout)
}

// pathErr drops the path an *os.PathError repeats.
func pathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return fmt.Errorf("%v", pe.Err)
	}
	return err
}
