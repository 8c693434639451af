//go:build !linux

// Terminal detection elsewhere: never a terminal (plain progress lines).

package cli

import "os"

func terminalWidth(f *os.File) (bool, int) { return false, 0 }
