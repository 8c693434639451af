// Package report defines the data model of leapfrog's results: per function, the
// verdict of every objective with its case, reason or proof, the cases, and the
// statistics named like the papers' table columns. It is what -json writes.
package report
