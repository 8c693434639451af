// Process groups elsewhere: only the command itself is killed at the deadline.

//go:build !unix

package corpus

import "os/exec"

// setProcessGroup leaves cmd as it is: exec.CommandContext kills the process.
func setProcessGroup(cmd *exec.Cmd) {}
