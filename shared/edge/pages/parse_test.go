package pages

import "testing"

func TestTemplatesParse(t *testing.T) { templates() }
