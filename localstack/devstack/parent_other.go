//go:build !linux

package main

// stopWithParent does nothing outside Linux: the dev stack stops on its
// own signals only.
func stopWithParent() bool { return true }
