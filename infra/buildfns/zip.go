package main

import (
	"archive/zip"
	"io"
	"os"
	"path/filepath"
	"time"
)

// zipTime is the modification time of every zip entry, fixed so that the
// same executable always gives the same zip.
var zipTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// writeZip writes a zip at path holding the file bin as "bootstrap" with
// mode 0755, replacing path atomically.
func writeZip(path, bin string) (err error) {
	src, err := os.Open(bin)
	if err != nil {
		return err
	}
	defer src.Close()
	tmp, err := os.CreateTemp(filepath.Dir(path), ".zip-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	zw := zip.NewWriter(tmp)
	h := &zip.FileHeader{Name: "bootstrap", Method: zip.Deflate, Modified: zipTime}
	h.SetMode(0o755)
	w, err := zw.CreateHeader(h)
	if err != nil {
		return err
	}
	if _, err = io.Copy(w, src); err != nil {
		return err
	}
	if err = zw.Close(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
