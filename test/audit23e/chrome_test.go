package audit23e

import "path/filepath"

// shotDir is where the screenshots go, relative to this package.
var shotDir = filepath.Join("..", "..", ".cache", "audit23e")
