package extract

import (
	"net/url"
	"testing"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/platform/crawl"
)

func pg(raw string, p crawl.Page) *crawl.Page {
	u, _ := url.Parse(raw)
	p.URL = u
	return &p
}

func TestBrandName(t *testing.T) {
	logo := []crawl.Image{{URL: "https://acme.example.com/logo.png", Alt: "Acme Co logo"}}
	org := []crawl.Thing{{Types: []string{"Organization"}, Name: "Acme Organisation"}}
	cases := []struct {
		name  string
		pages []*crawl.Page
		want  string
	}{
		{"og:site_name first", []*crawl.Page{pg("https://acme.example.com/", crawl.Page{OGSiteName: "Acme OG", Things: org, AppName: "Acme App", Title: "Acme | Tools", Logos: logo})}, "Acme OG"},
		{"then the organisation", []*crawl.Page{pg("https://acme.example.com/", crawl.Page{Things: append([]crawl.Thing{{Types: []string{"Product"}, Name: "Widget"}}, org...), AppName: "Acme App"})}, "Acme Organisation"},
		{"then application-name", []*crawl.Page{pg("https://acme.example.com/", crawl.Page{AppName: "Acme App", Title: "Acme | Tools"})}, "Acme App"},
		{"title segment the other pages share", []*crawl.Page{
			pg("https://x.example.com/", crawl.Page{Title: "Sourdough delivered daily — Crumb"}),
			pg("https://x.example.com/about", crawl.Page{Title: "About — Crumb"}),
		}, "Crumb"},
		{"title segment the logo spells", []*crawl.Page{pg("https://x.example.com/", crawl.Page{Title: "Acme Co: the toolbox for builders", Logos: logo})}, "Acme Co"},
		{"title segment the host spells", []*crawl.Page{pg("https://www.crumb-and-co.example/", crawl.Page{Title: "Wholesale sourdough for cafés | Crumb & Co"})}, "Crumb & Co"},
		{"shortest title segment", []*crawl.Page{pg("https://x.example.com/", crawl.Page{Title: "Bread for cafés and hotels | Loaf"})}, "Loaf"},
		{"a one-segment title", []*crawl.Page{pg("https://x.example.com/", crawl.Page{Title: "Loaf"})}, "Loaf"},
		{"a generic title gives way to the logo", []*crawl.Page{pg("https://x.example.com/", crawl.Page{Title: "Home", Logos: logo})}, "Acme Co"},
		{"a sentence is no name", []*crawl.Page{pg("https://x.example.com/", crawl.Page{Title: "We bake bread for cafés all over town every day"})}, ""},
		{"nothing", []*crawl.Page{pg("https://x.example.com/", crawl.Page{})}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Brand(tc.pages).BrandName; got != tc.want {
				t.Fatalf("brand_name %q, want %q", got, tc.want)
			}
		})
	}
}

func TestDescriptionAndAvatar(t *testing.T) {
	home := pg("https://acme.example.com/", crawl.Page{
		OGDescription: "OG description.", Hero: "Hero text under the heading.",
		Things: []crawl.Thing{{Types: []string{"LocalBusiness"}, Description: "Schema description.", Logo: "http://acme.example.com/logo.png"}},
		Logos:  []crawl.Image{{URL: "https://10.0.0.1/logo.png"}, {URL: "https://cdn.example.com/logo.svg"}},
		Icons:  []crawl.Icon{{URL: "https://acme.example.com/favicon.ico", Rel: "icon"}},
	})
	b := Brand([]*crawl.Page{home})
	if b.ProductDescription != "OG description." {
		t.Fatalf("description %q", b.ProductDescription)
	}
	// The http schema logo and the private-address image are skipped.
	if b.AvatarURL != "https://cdn.example.com/logo.svg" {
		t.Fatalf("avatar %q", b.AvatarURL)
	}
	home.OGDescription, home.Logos = "", nil
	home.Icons = append(home.Icons, crawl.Icon{URL: "https://acme.example.com/touch-120.png", Rel: "apple-touch-icon", Size: 120}, crawl.Icon{URL: "https://acme.example.com/touch-180.png", Rel: "apple-touch-icon", Size: 180})
	b = Brand([]*crawl.Page{home})
	if b.ProductDescription != "Schema description." || b.AvatarURL != "https://acme.example.com/touch-180.png" {
		t.Fatalf("brand %+v", b)
	}
	home.Things, home.Icons = nil, nil
	if b = Brand([]*crawl.Page{home}); b.ProductDescription != "Hero text under the heading." || b.AvatarURL != "" {
		t.Fatalf("brand %+v", b)
	}
	long := ""
	for len(long) < 2100 {
		long += "word "
	}
	home.Hero = long
	if d := Brand([]*crawl.Page{home}).ProductDescription; len(d) > sites.MaxProductDescription || len(d) < 1990 {
		t.Fatalf("description of %d characters", len(d))
	}
}

func TestGeo(t *testing.T) {
	cases := []struct {
		name  string
		pages []crawl.Page
		want  string
	}{
		{"nothing", []crawl.Page{{Text: "Hello."}}, ""},
		{"a language alone is no place", []crawl.Page{{Lang: "en", Text: "Prices from $10 and €12."}}, ""},
		{"a shared dialling code alone is no place", []crawl.Page{{Lang: "en", Text: "Call +1 415 555 0100."}}, ""},
		{"a page language's region alone is boilerplate", []crawl.Page{{Lang: "en-US"}}, ""},
		{"hreflang", []crawl.Page{{Lang: "en", Hreflangs: []string{"en-gb", "x-default"}}}, "United Kingdom (English)"},
		{"two weak kinds agree", []crawl.Page{{OGLocale: "en_CA", Text: "Call +1 604 555 0100."}}, "Canada (English)"},
		{"weak kinds that do not single out a country", []crawl.Page{{Text: "Call +1 604 555 0100. From $5."}}, ""},
		{"corroborated +1", []crawl.Page{{Lang: "en-US", Text: "Call +1 (415) 555-0100. Plans from $10."}}, "United States (English)"},
		{"address, phone and currency", []crawl.Page{{Lang: "de", Addresses: []string{"Hauptstraße 1, 10115 Berlin, Deutschland"}, Text: "Tel. +49 30 1234567. Ab 9 € im Monat."}}, "Germany (German)"},
		{"strongest first", []crawl.Page{
			{Lang: "en-IE", Hreflangs: []string{"en-gb", "en-ie"}, Text: "Dublin office: +353 1 555 0000. From €20."},
			{Addresses: []string{"1 Main Street, Dublin, Ireland"}, Text: "London office: +44 20 7946 0958."},
		}, "Ireland, United Kingdom (English)"},
		{"schema.org country code and currency", []crawl.Page{{OGLocale: "en_AU", Things: []crawl.Thing{{AddressCountry: "au", Currencies: []string{"AUD"}}}}}, "Australia (English)"},
		{"a US street address and national phone format", []crawl.Page{{Lang: "en", Text: "Acme Plumbing, 500 Congress Ave, Austin, TX 78701. Call (512) 555-0100. From 49 USD."}}, "United States (English)"},
		{"a UK postcode", []crawl.Page{{Text: "Visit us: 10 Downing Street, London SW1A 2AA."}}, "United Kingdom"},
		{"a country named outside an address does not count", []crawl.Page{{Text: "We ship to France and Spain."}}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var pages []*crawl.Page
			for i := range tc.pages {
				pages = append(pages, pg("https://x.example.com/", tc.pages[i]))
			}
			if got := Geo(pages); got != tc.want {
				t.Fatalf("geo %q, want %q", got, tc.want)
			}
		})
	}
}
