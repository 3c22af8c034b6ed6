package audit25c

import "path/filepath"

// shotDir is where the screenshots go, relative to this package.
var shotDir = filepath.Join("..", "..", ".cache", "audit25c")
