// Process groups on Unix: a command and everything it started end together.

//go:build unix

package corpus

import (
	"os/exec"
	"syscall"
)

// setProcessGroup makes cmd lead a process group of its own, killed whole
// when its context is done.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
