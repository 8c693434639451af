// Terminal detection on Linux: ioctl TCGETS and TIOCGWINSZ through package syscall.

package cli

import (
	"os"
	"syscall"
	"unsafe"
)

// terminalWidth reports whether f is a terminal and its width in columns
// (80 when the terminal does not say).
func terminalWidth(f *os.File) (bool, int) {
	var t syscall.Termios
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t))); e != 0 {
		return false, 0
	}
	var ws struct{ row, col, x, y uint16 }
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws))); e != 0 || ws.col == 0 {
		return true, 80
	}
	return true, int(ws.col)
}
