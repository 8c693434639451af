// The HTML report of gen and merge: the sources of the packages read from disk, rendered by internal/htmlreport.

package cli

import (
	"os"

	"leapfrog/internal/htmlreport"
	"leapfrog/internal/report"
)

// renderHTML renders the report with the sources it refers to (paths
// relative to the working directory).
func renderHTML(rep *report.Report) ([]byte, error) {
	return htmlreport.Render(rep, os.ReadFile)
}
