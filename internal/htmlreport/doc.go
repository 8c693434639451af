// Package htmlreport renders leapfrog's report as one self-contained HTML
// page in the manner of go tool cover -html: a file selector, each source file
// with every branch outcome marked at its condition's position, and a summary
// page (per-package table, functions, rejections, flags).
//
// # Objectives by place
//
// Objectives are grouped by place: (file, line, column, outcome) over all
// analysed functions, since a callee's branch is an objective of every
// function that calls it. A group is covered when some function's case
// covers it, unknown when none covers it and some function leaves it
// undecided, unreachable when every function proved it unreachable (and
// "checked" when every such proof was re-checked independently, per the
// report's Branch.Checked). Each group is a badge (T, F, ! for a panic, E
// for the function's entry) placed in the source exactly at the position
// the report gives; for true/false outcomes the condition's extent (the
// largest non-&&/|| expression starting there, from go/parser) is
// highlighted with the combined colour of its outcomes.
//
// # Details
//
// A badge links to its details: per function, the covering case with its
// inputs and outputs (linked to the case's row in the function's case
// table), or the reason, the conflict (linked to the conflicting marks)
// and, one click further, the SMT-LIB2 formula and whether the proof was
// independently checked.
//
// # One file, the same bytes
//
// The page needs no network and no asset: CSS and a small script inline.
// The script switches files (select, or the URL fragment) and shows a
// badge's details in a panel; without it, :target rules still show them.
// Rendering is deterministic: the same report and sources give the same
// bytes.
package htmlreport
