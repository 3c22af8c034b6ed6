package audit28l

import (
	"html"
	"path/filepath"
	"regexp"
	"strings"
)

// shotDir is where the screenshots go, relative to this package.
var shotDir = filepath.Join("..", "..", ".cache", "audit28l")

// visibleText returns the text of an HTML page without its tags, styles
// and attributes, as a person reads it.
func visibleText(body string) string {
	body = regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>`).ReplaceAllString(body, " ")
	body = regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(body, " ")
	return html.UnescapeString(strings.Join(strings.Fields(body), " "))
}
