// The papers' tables, copied from the papers with their places cited, and what of the bench module measures each row.

package bench

// A paperTable is one table of a paper, as printed, with per row the
// program and strategy of the bench module that leapfrog measures for it.
type paperTable struct {
	id     string // -paper-tables selects by it
	title  string
	source string // the paper and the place of the figures
	cols   []string
	rows   []paperRow
}

// A paperRow is the paper's figures for one program and strategy (cells in
// the order of the table's columns; "–" where the paper gives none) and the
// measurement that stands beside it (nil: the program is not in the
// repository).
type paperRow struct {
	program, strategy string
	cells             []string
	ours              *measure
	none              string // why no measurement, when ours is nil ("": the program is not in the repository)
}

// A measure is a run of leapfrog on a function of the bench module.
type measure struct {
	pkg, fn  string // package directory in the module, function
	strategy string // or "pe|pm": the two runs the row compares
	kbound   int    // 0: the configuration's
	models   bool   // -loop-models auto
	analogue string // when the program is not the paper's: what it shares with it
	target   target // the objective a row is about (SPF loops), if any
}

// A target names one objective by the text of its source line and its outcome.
type target struct{ text, outcome string }

func (m *measure) variant() string {
	if m == nil {
		return ""
	}
	v := ""
	if m.kbound > 0 {
		v = " -kbound " + itoa(m.kbound) + " -loop-raise 0"
	}
	if m.models {
		v += " -loop-models auto"
	}
	return v
}

// The measurements the tables share.
var (
	tcas  = func(st string) *measure { return &measure{pkg: "tcas", fn: "AltSepTest12", strategy: st} }
	wbs   = func(st string) *measure { return &measure{pkg: "wbs", fn: "Launch", strategy: st} }
	synth = func(p, st, why string) *measure {
		return &measure{pkg: "synthpkg/" + p, fn: "F", strategy: st, analogue: why}
	}
	tc2    = "analogue: synth s20k8, 20 conditions, 8 injected conflicts"
	tc9    = "analogue: synth s61k1, 61 conditions, 1 injected conflict"
	tc15   = "analogue: synth s36k6, 36 conditions, 6 injected conflicts"
	cmplx  = "analogue: synth s270u2, 270 generated conditions (the paper's 270 counts branches), 2 injected unreachable outcomes"
	absent = (*measure)(nil)
	crest  = "CREST's strategies are not leapfrog's"
)

// rgRows expands a row of the reachability paper's Table 2 (one program, the
// three strategies side by side) into a row per strategy.
func rgRows(prog, conds string, pe, rg, cb [3]string, m func(st string) *measure) []paperRow {
	at := func(st string) *measure {
		if m == nil {
			return nil
		}
		return m(st)
	}
	return []paperRow{
		{prog, "PE", []string{conds, pe[0], pe[1], "–", pe[2]}, at("pe"), ""},
		{prog, "RG", []string{conds, rg[0], rg[1], "–", rg[2]}, at("rg"), ""},
		{prog, "RG+CB", []string{conds, cb[0], cb[1], "–", cb[2]}, at("rgcb"), ""},
	}
}

// rg3Rows is a row of the reachability paper's Table 3: RG and RG+CB.
func rg3Rows(prog, conds, k string, rg [3]string, cb [4]string, m func(st string) *measure) []paperRow {
	at := func(st string) *measure {
		if m == nil {
			return nil
		}
		return m(st)
	}
	return []paperRow{
		{prog, "RG", []string{conds, k, rg[0], rg[1], "–", rg[2]}, at("rg"), ""},
		{prog, "RG+CB", []string{conds, k, cb[0], cb[1], cb[2], cb[3]}, at("rgcb"), ""},
	}
}

// crestRows is a row of the reachability paper's Table 4: CREST's two
// strategies (not leapfrog's) and RG+CB.
func crestRows(prog, conds string, ur, cfg, cb [2]string, m func(st string) *measure) []paperRow {
	var ours *measure
	if m != nil {
		ours = m("rgcb")
	}
	return []paperRow{
		{prog, "CREST (UR)", []string{conds, ur[0], ur[1]}, nil, crest},
		{prog, "CREST (CFG-D)", []string{conds, cfg[0], cfg[1]}, nil, crest},
		{prog, "RG+CB", []string{conds, cb[0], cb[1]}, ours, ""},
	}
}

func concat(rs ...[]paperRow) []paperRow {
	var all []paperRow
	for _, r := range rs {
		all = append(all, r...)
	}
	return all
}

func on(p, why string) func(st string) *measure {
	return func(st string) *measure { return synth(p, st, why) }
}

// paperTables are the tables, in the order -paper prints them.
var paperTables = []paperTable{
	{
		id: "treefrog-1", title: "TreeFrog, Table 1: Tcas",
		source: "treefrog-exhaustive-branch-coverage, §10 Table 1 and the paragraph after it (means of 10 runs, depth-1st; 100, MTelse and TreeFrog)",
		cols:   []string{"branches", "unreachable", "cases", "discarded", "solver calls", "eager flips", "hopeful flips", "sat checks", "conflicts", "time"},
		rows: []paperRow{
			{"Tcas", "depth-1st", []string{"80", "1", "404", "381", "420", "18", "401", "–", "–", "–"}, tcas("dfs"), ""},
			{"Tcas", "MTelse", []string{"80", "1", "395", "374", "411", "18", "392", "–", "–", "–"}, tcas("mtelse"), ""},
			{"Tcas", "TreeFrog", []string{"80", "1", "19", "1", "20", "16", "–", "533", "52", "–"}, tcas("treefrog"), ""},
		},
	},
	{
		id: "treefrog-2", title: "TreeFrog, Table 2: Complex",
		source: "treefrog-exhaustive-branch-coverage, §10 Table 2 and the paragraph after it (Intel Core i9, 64 GB)",
		cols:   []string{"branches", "unreachable", "cases", "discarded", "solver calls", "eager flips", "hopeful flips", "sat checks", "conflicts", "time"},
		rows: []paperRow{
			{"Complex", "MTelse", []string{"270", "2", "424839", "424799", "424838", "40", "–", "–", "–", "~30 min"}, synth("s270u2", "mtelse", cmplx), ""},
			{"Complex", "TreeFrog", []string{"270", "2", "90", "50", "248", "76", "–", "16022", "246", "~3 min"}, synth("s270u2", "treefrog", cmplx), ""},
		},
	},
	{
		id: "concolic-examples", title: "Concolic strategies (hopeful flipping), §II: the examples",
		source: "concolic-strategies-hopeful-flipping, §II, the table of examples (branches and unreachable ones under the given precondition; loops with a variable number of iterations)",
		cols:   []string{"LOC", "branches", "unreachable", "loops"},
		rows: []paperRow{
			{"A", "–", []string{"70", "30", "1", "4"}, absent, ""},
			{"DNU", "–", []string{"70", "20", "0", "1"}, absent, ""},
			{"E", "–", []string{"340", "128", "37", "6"}, absent, ""},
			{"L", "–", []string{"50", "18", "2", "2"}, absent, ""},
			{"T (Tcas)", "–", []string{"170", "80", "1", "0"}, tcas("treefrog"), ""},
		},
	},
	{
		id: "rgcb-2", title: "Reachability-guided, conflict-driven backtracking, Table 2",
		source: "reachability-guided-conflict-driven-backtracking, §7 Table 2 (Intel Test Programs; '–': time-out of 2 h; the Speedup column, RG over RG+CB, is left out)",
		cols:   []string{"conds", "paths", "inf. paths", "largest jump", "time"},
		rows: concat(
			rgRows("tc1", "17", [3]string{"6816", "576", "5.58 s"}, [3]string{"32", "12", "0.14 s"}, [3]string{"19", "1", "0.07 s"}, nil),
			rgRows("tc2", "20", [3]string{"12944", "33136", "23.48 s"}, [3]string{"1640", "5574", "5.68 s"}, [3]string{"18", "9", "0.06 s"}, on("s20k8", tc2)),
			rgRows("tc3", "28", [3]string{"3238240", "73760", "2596.01 s"}, [3]string{"28", "137", "0.53 s"}, [3]string{"28", "3", "0.16 s"}, nil),
			rgRows("tc5", "30", [3]string{"4239360", "0", "2701.85 s"}, [3]string{"31", "0", "0.12 s"}, [3]string{"31", "0", "0.12 s"}, nil),
			rgRows("tc18", "34", [3]string{"–", "–", "–"}, [3]string{"407", "192", "4.14 s"}, [3]string{"34", "1", "0.28 s"}, nil),
			rgRows("tc6", "39", [3]string{"–", "–", "–"}, [3]string{"9590", "9568", "73.67 s"}, [3]string{"41", "1", "0.28 s"}, nil),
			rgRows("tc19", "39", [3]string{"–", "–", "–"}, [3]string{"35", "843264", "525.41 s"}, [3]string{"35", "2", "0.18 s"}, nil),
			rgRows("tc7", "42", [3]string{"–", "–", "–"}, [3]string{"–", "–", "–"}, [3]string{"42", "4", "0.25 s"}, nil),
			rgRows("tc20", "42", [3]string{"1716", "0", "0.93 s"}, [3]string{"43", "0", "0.06 s"}, [3]string{"43", "0", "0.06 s"}, nil),
			rgRows("tc8", "47", [3]string{"–", "–", "–"}, [3]string{"3868", "3840", "55.91 s"}, [3]string{"53", "4", "0.53 s"}, nil),
			rgRows("tc9", "61", [3]string{"–", "–", "–"}, [3]string{"127", "50", "2.59 s"}, [3]string{"62", "3", "0.71 s"}, on("s61k1", tc9)),
			rgRows("tc22", "84", [3]string{"1159488", "0", "1026.91 s"}, [3]string{"85", "0", "0.21 s"}, [3]string{"85", "0", "0.21 s"}, nil),
			rgRows("tc23", "143", [3]string{"–", "–", "–"}, [3]string{"–", "–", "–"}, [3]string{"194", "8", "5.84 s"}, nil),
			rgRows("tc10", "176", [3]string{"–", "–", "–"}, [3]string{"–", "–", "–"}, [3]string{"180", "2", "8.02 s"}, nil),
			rgRows("tc11", "180", [3]string{"–", "–", "–"}, [3]string{"268", "126", "26.9 s"}, [3]string{"191", "32", "10.95 s"}, nil),
			rgRows("tc24", "210", [3]string{"–", "–", "–"}, [3]string{"211", "0", "0.82 s"}, [3]string{"211", "0", "0.81 s"}, nil),
			rgRows("tc13", "445", [3]string{"–", "–", "–"}, [3]string{"622", "182", "193.34 s"}, [3]string{"467", "28", "114.98 s"}, nil),
		),
	},
	{
		id: "rgcb-3", title: "Reachability-guided, conflict-driven backtracking, Table 3: varying conflicts",
		source: "reachability-guided-conflict-driven-backtracking, §7 Table 3 ('–' in largest jump: no back-jump)",
		cols:   []string{"conds", "# conflicts", "paths", "inf. paths", "largest jump", "time"},
		rows: concat(
			rg3Rows("tc2", "20", "0", [3]string{"19", "0", "0.06 s"}, [4]string{"19", "0", "–", "0.05 s"}, nil),
			rg3Rows("tc2", "20", "2", [3]string{"30", "9", "0.09 s"}, [4]string{"21", "2", "9", "0.05 s"}, nil),
			rg3Rows("tc2", "20", "4", [3]string{"62", "1467", "1.16 s"}, [4]string{"20", "4", "12", "0.06 s"}, nil),
			rg3Rows("tc2", "20", "8", [3]string{"1640", "5574", "5.68 s"}, [4]string{"18", "9", "13", "0.06 s"}, on("s20k8", tc2)),
			rg3Rows("tc15", "36", "0", [3]string{"38", "0", "0.14 s"}, [4]string{"38", "0", "–", "0.23 s"}, nil),
			rg3Rows("tc15", "36", "4", [3]string{"56", "32", "0.53 s"}, [4]string{"39", "4", "9", "0.24 s"}, nil),
			rg3Rows("tc15", "36", "6", [3]string{"134", "225", "1.03 s"}, [4]string{"39", "6", "9", "0.27 s"}, on("s36k6", tc15)),
			rg3Rows("tc15", "36", "7", [3]string{"2119", "2654", "5.49 s"}, [4]string{"40", "7", "9", "0.27 s"}, nil),
			rg3Rows("tc16", "47", "0", [3]string{"48", "0", "0.34 s"}, [4]string{"48", "0", "–", "0.34 s"}, nil),
			rg3Rows("tc16", "47", "3", [3]string{"65", "27", "0.54 s"}, [4]string{"51", "3", "5", "0.34 s"}, nil),
			rg3Rows("tc16", "47", "6", [3]string{"2008", "9115", "26.92 s"}, [4]string{"48", "5", "16", "0.37 s"}, nil),
			rg3Rows("tc9", "61", "0", [3]string{"62", "0", "0.72 s"}, [4]string{"62", "0", "–", "0.7 s"}, nil),
			rg3Rows("tc9", "61", "1", [3]string{"127", "50", "2.59 s"}, [4]string{"62", "3", "12", "0.71 s"}, on("s61k1", tc9)),
		),
	},
	{
		id: "rgcb-4", title: "Reachability-guided, conflict-driven backtracking, Table 4: CREST",
		source: "reachability-guided-conflict-driven-backtracking, §7 Table 4 (means of 10 CREST runs; the two Speedup columns are left out)",
		cols:   []string{"conds", "iters", "time"},
		rows: concat(
			crestRows("tc2", "20", [2]string{"74", "1.77 s"}, [2]string{"19", "0.39 s"}, [2]string{"20", "0.06 s"}, on("s20k8", tc2)),
			crestRows("tc17", "27", [2]string{"89", "2.25 s"}, [2]string{"33", "0.73 s"}, [2]string{"28", "0.16 s"}, nil),
			crestRows("tc18", "34", [2]string{"196", "4.96 s"}, [2]string{"176", "3.45 s"}, [2]string{"35", "0.28 s"}, nil),
			crestRows("tc19", "34", [2]string{"118", "2.62 s"}, [2]string{"39", "0.76 s"}, [2]string{"37", "0.18 s"}, nil),
			crestRows("tc14", "37", [2]string{"124", "3.21 s"}, [2]string{"43", "0.82 s"}, [2]string{"43", "0.24 s"}, nil),
			crestRows("tc20", "42", [2]string{"430", "9.51 s"}, [2]string{"62", "0.69 s"}, [2]string{"43", "0.06 s"}, nil),
			crestRows("tc9", "61", [2]string{"382", "9.29 s"}, [2]string{"67", "1.36 s"}, [2]string{"65", "0.71 s"}, on("s61k1", tc9)),
			crestRows("tc21", "73", [2]string{"432", "9.98 s"}, [2]string{"106", "2.08 s"}, [2]string{"80", "1.51 s"}, nil),
			crestRows("tc22", "84", [2]string{"4779", "32.64 s"}, [2]string{"116", "2.24 s"}, [2]string{"85", "0.21 s"}, nil),
			crestRows("tc23", "143", [2]string{"1058", "29.29 s"}, [2]string{"159", "3.77 s"}, [2]string{"194", "5.52 s"}, nil),
			crestRows("tc24", "210", [2]string{"53524", "393.76 s"}, [2]string{"293", "5.87 s"}, [2]string{"211", "0.83 s"}, nil),
		),
	},
	{
		id: "jr-benchmarks", title: "Path-merged SE (Java Ranger): the benchmarks",
		source: "path-merged-symbolic-execution-branch-coverage, Evaluation, the table of benchmarks",
		cols:   []string{"LOC", "functions"},
		rows: []paperRow{
			{"ApacheCLI", "–", []string{"3612", "183"}, absent, ""},
			{"NanoXML", "–", []string{"4610", "129"}, absent, ""},
			{"TCAS", "–", []string{"300", "12"}, tcas("pm"), ""},
			{"WBS", "–", []string{"265", "3"}, wbs("pm"), ""},
			{"Schedule", "–", []string{"306", "27"}, absent, ""},
			{"Siena", "–", []string{"1256", "94"}, absent, ""},
			{"PrintTokens", "–", []string{"570", "30"}, absent, ""},
			{"replace", "–", []string{"795", "19"}, absent, ""},
		},
	},
	{
		id: "jr-rq1", title: "Path-merged SE (Java Ranger), RQ1: SPF and Java Ranger (JR)",
		source: "path-merged-symbolic-execution-branch-coverage, RQ1 table (times in seconds as printed; 'avg query' in seconds)",
		cols:   []string{"merges", "queries", "tests", "avg query", "time"},
		rows: []paperRow{
			{"ApacheCLI", "SPF", []string{"–", "139262", "8", "0.012", "1737.9"}, absent, ""},
			{"ApacheCLI", "JR", []string{"7296", "4286", "8", "0.091", "412.2"}, absent, ""},
			{"NanoXML", "SPF", []string{"–", "91554", "46", "0.014", "1391.6"}, absent, ""},
			{"NanoXML", "JR", []string{"1602", "19060", "44", "0.021", "428"}, absent, ""},
			{"WBS", "SPF", []string{"–", "27646", "12", "0.012", "349.9"}, wbs("pe"), ""},
			{"WBS", "JR", []string{"35", "7", "6", "1.276", "11.7"}, wbs("pm"), ""},
			{"TCAS", "SPF", []string{"–", "1256", "21", "0.012", "17.4"}, tcas("pe"), ""},
			{"TCAS", "JR", []string{"4", "17", "16", "0.761", "15.6"}, tcas("pm"), ""},
			{"Schedule", "SPF", []string{"–", "33612", "7", "0.012", "415.9"}, absent, ""},
			{"Schedule", "JR", []string{"0", "33612", "7", "0.012", "427.8"}, absent, ""},
			{"Siena", "SPF", []string{"–", "52780", "6", "0.012", "698.9"}, absent, ""},
			{"Siena", "JR", []string{"0", "52780", "6", "0.012", "703.3"}, absent, ""},
			{"PrintTokens", "SPF", []string{"–", "10616", "43", "0.013", "141.7"}, absent, ""},
			{"PrintTokens", "JR", []string{"451", "9179", "43", "0.019", "186.26"}, absent, ""},
			{"Replace", "SPF", []string{"–", "11304", "27", "0.011", "131.8"}, absent, ""},
			{"Replace", "JR", []string{"252", "35136", "36", "0.066", "2358.7"}, absent, ""},
		},
	},
	{
		id: "jr-rq3", title: "Path-merged SE (Java Ranger), RQ3: obligations covered by SPF, JR, both",
		source: "path-merged-symbolic-execution-branch-coverage, RQ3 table",
		cols:   []string{"common", "SPF extras", "JR extras"},
		rows: []paperRow{
			{"ApacheCLI", "SPF vs JR", []string{"89", "0", "0"}, absent, ""},
			{"NanoXML", "SPF vs JR", []string{"133", "0", "7"}, absent, ""},
			{"TCAS", "SPF vs JR", []string{"67", "0", "0"}, tcas("pe|pm"), ""},
			{"WBS", "SPF vs JR", []string{"83", "0", "1"}, wbs("pe|pm"), ""},
			{"Schedule", "SPF vs JR", []string{"61", "0", "0"}, absent, ""},
			{"Siena", "SPF vs JR", []string{"39", "0", "0"}, absent, ""},
			{"PrintTokens", "SPF vs JR", []string{"185", "4", "0"}, absent, ""},
			{"replace", "SPF vs JR", []string{"99", "36", "1"}, absent, ""},
		},
	},
	{
		id: "pm-getsetbits", title: "Path-merged SE: getSetBits",
		source: "path-merged-symbolic-execution-branch-coverage, the running example ('Explored paths with SE are exponential in the number of bits'; 'with PM-SE is: 9 paths')",
		cols:   []string{"paths"},
		rows: []paperRow{
			{"getSetBits", "SE", []string{"exponential in the bits"}, &measure{pkg: "paper", fn: "GetSetBits", strategy: "pe"}, ""},
			{"getSetBits", "PM-SE", []string{"9"}, &measure{pkg: "paper", fn: "GetSetBits", strategy: "pm"}, ""},
		},
	},
	{
		id: "spf-loops", title: "SPF loops: bounded unwinding and concretization",
		source: "spf-loops-bounded-unwinding-concretization, §3 (Listing 1 with k = 2, then the models inferred from the body out of context) and §4 (Listing 4: the branch depends on the iteration count; the paper annotates i = 20 by hand)",
		cols:   []string{"branch", "result"},
		rows: []paperRow{
			{"Listing 1 (M)", "k = 2", []string{"b = true", "missed"}, &measure{pkg: "paper", fn: "M", strategy: "treefrog", kbound: 2, target: target{"i == 10", "true"}}, ""},
			{"Listing 1 (M)", "k = 2, models {0, 9, 10}", []string{"b = true", "covered"}, &measure{pkg: "paper", fn: "M", strategy: "treefrog", kbound: 2, models: true, target: target{"i == 10", "true"}}, ""},
			{"Listing 4 (Count)", "k = 2", []string{"something (line 8)", "missed"}, &measure{pkg: "paper", fn: "Count", strategy: "treefrog", kbound: 2, target: target{"j == 20", "true"}}, ""},
			{"Listing 4 (Count)", "k = 2, models inferred", []string{"something (line 8)", "missed (covered with i = 20 by hand)"}, &measure{pkg: "paper", fn: "Count", strategy: "treefrog", kbound: 2, models: true, target: target{"j == 20", "true"}}, ""},
		},
	},
}
