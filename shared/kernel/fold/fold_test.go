package fold

import "testing"

func TestString(t *testing.T) {
	for in, want := range map[string]string{
		"Café Crème Brûlée":       "Cafe Creme Brulee",
		"Ærøskøbing straße":       "AEroskobing strasse",
		"e\u0301te\u0301":         "ete",        // decomposed accents
		"Ｆｕｌｌ－ｗｉｄｔｈ":              "Full-width", // full-width ASCII
		"ﬁnance ＆ œuvre":          "finance & oeuvre",
		"Москва 東京":               "Москва 東京", // other scripts kept
		"Łódź, Škoda, Ğ, Ő, Ș, ț": "Lodz, Skoda, G, O, S, t",
	} {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Café Crème!":            "cafe-creme",
		"  How to brew -- well ": "how-to-brew-well",
		"Straße 10":              "strasse-10",
		"Москва":                 "",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
