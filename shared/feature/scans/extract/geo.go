package extract

import (
	"regexp"
	"sort"
	"strings"
	"sync"

	"rvcontent/shared/platform/crawl"
)

// Kinds of geographic evidence a page gives.
const (
	evLang     = "lang"     // the region of <html lang> or og:locale
	evHreflang = "hreflang" // the region of a hreflang alternate
	evAddress  = "address"  // a postal address naming the country
	evPhone    = "phone"    // an international phone number
	evCurrency = "currency" // prices in a currency
)

// MaxCountries caps the countries Geo names.
const MaxCountries = 3

// Geo says where the site does business, from what the pages state:
// hreflang regions, countries in postal addresses (<address>, schema.org)
// and US, UK and Canadian postal codes in the text, the country codes of international phone numbers, the currencies of
// prices, and the region of the page language (lang, og:locale).
// Evidence that names one country is strong; a page language's region
// (often template boilerplate), a shared dialling code (+1) and "$"
// prices are weak. Countries with strong evidence are named, ordered by
// how many kinds of evidence support them, at most MaxCountries; without
// any, a single country that at least two kinds of weak evidence agree on
// is named. The home page's language follows in parentheses: "United
// Kingdom (English)". Without a country the answer is "" — a language
// alone is no geography.
func Geo(pages []*crawl.Page) string {
	ev := &evidence{strong: map[string]map[string]bool{}, weak: map[string]map[string]bool{}}
	for _, p := range pages {
		ev.page(p)
	}
	codes := ev.countries()
	if len(codes) == 0 {
		return ""
	}
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = countries[c]
	}
	geo := strings.Join(names, ", ")
	if lang := language(pages[0]); lang != "" {
		geo += " (" + lang + ")"
	}
	return geo
}

// evidence collects, per country code, the kinds of strong and weak
// evidence seen, and the order countries first appeared in.
type evidence struct {
	strong, weak map[string]map[string]bool
	order        []string
}

func (e *evidence) note(m map[string]map[string]bool, code, kind string) {
	if _, known := countries[code]; !known {
		return
	}
	if e.strong[code] == nil && e.weak[code] == nil {
		e.order = append(e.order, code)
	}
	if m[code] == nil {
		m[code] = map[string]bool{}
	}
	m[code][kind] = true
}

func (e *evidence) add(code, kind string)     { e.note(e.strong, code, kind) }
func (e *evidence) addWeak(code, kind string) { e.note(e.weak, code, kind) }

func (e *evidence) page(p *crawl.Page) {
	for _, tag := range []string{p.Lang, p.OGLocale} {
		if r := region(tag); r != "" {
			e.addWeak(r, evLang)
		}
	}
	for _, tag := range p.Hreflangs {
		if r := region(tag); r != "" {
			e.add(r, evHreflang)
		}
	}
	addresses := append([]string{}, p.Addresses...)
	for _, t := range p.Things {
		if c := strings.ToUpper(strings.TrimSpace(t.AddressCountry)); len(c) == 2 {
			e.add(c, evAddress)
		} else if c != "" {
			addresses = append(addresses, t.AddressCountry)
		}
		for _, cur := range t.Currencies {
			if code, ok := currencies[strings.ToUpper(cur)]; ok {
				e.add(code, evCurrency)
			}
		}
		if t.Telephone != "" {
			e.phone(t.Telephone)
		}
	}
	for _, a := range addresses {
		for _, code := range namedCountries(a) {
			e.add(code, evAddress)
		}
	}
	for _, t := range append(addresses, p.Text) {
		for _, pc := range postcodes {
			if pc.re.MatchString(t) {
				e.add(pc.code, evAddress)
			}
		}
	}
	if nanpNumber().MatchString(p.Text) {
		for _, c := range sharedCallingCodes["1"] {
			e.addWeak(c, evPhone)
		}
	}
	for _, n := range p.Phones {
		e.phone(n)
	}
	for _, m := range phoneNumber().FindAllString(p.Text, -1) {
		e.phone(m)
	}
	for _, m := range price().FindAllStringSubmatch(p.Text, -1) {
		sym := m[1] + m[2] + m[3]
		switch code, ok := priceSymbols[strings.ToUpper(sym)]; {
		case ok && code != "":
			e.add(code, evCurrency)
		case ok && sym == "$":
			for _, c := range dollarCountries {
				e.addWeak(c, evCurrency)
			}
		}
	}
}

// postcodes recognise the postal codes of a few countries in addresses:
// a US state and ZIP code ("Austin, TX 78701"), a UK postcode ("LS1
// 6DT"), a Canadian postal code ("V6B 1A1").
var postcodes = []struct {
	code string
	re   *regexp.Regexp
}{
	{"US", regexp.MustCompile(`\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY),?\s+\d{5}(?:-\d{4})?\b`)},
	{"GB", regexp.MustCompile(`\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[ABD-HJLNP-UW-Z]{2}\b`)},
	{"CA", regexp.MustCompile(`\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s?\d[ABCEGHJ-NPRSTV-Z]\d\b`)},
}

// nanpNumber finds North American numbers written the national way,
// "(512) 555-0100".
var nanpNumber = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\(\d{3}\)\s?\d{3}[-.\s]\d{4}\b`) })

// dollarCountries are the countries whose prices "$" alone may mean.
var dollarCountries = []string{"US", "CA", "AU", "NZ", "SG", "MX"}

// phoneNumber finds international numbers such as "+44 20 7946 0958".
var phoneNumber = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\+\d{1,3}[\s.\-]?\(?\d[\d\s.\-()]{5,}\d`) })

func (e *evidence) phone(n string) {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == '+' {
			return r
		}
		return -1
	}, n)
	if !strings.HasPrefix(digits, "+") {
		return
	}
	digits = digits[1:]
	for l := 3; l >= 1; l-- {
		if len(digits) <= l {
			continue
		}
		if code, ok := callingCodes[digits[:l]]; ok {
			e.add(code, evPhone)
			return
		}
		if shared, ok := sharedCallingCodes[digits[:l]]; ok {
			for _, c := range shared {
				e.addWeak(c, evPhone)
			}
			return
		}
	}
}

// price finds amounts with a currency symbol or code before them, or a
// code after them.
var price = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:(US\$|CA\$|C\$|AU\$|A\$|NZ\$|R\$|£|€|₹|\$|¥|₩|₺|₪|zł)\s?\d|\b(GBP|USD|CAD|AUD|NZD|CHF|SEK|NOK|DKK|PLN|INR|JPY|ZAR|BRL|MXN|SGD|HKD|AED)\s?\d|\d\s?(GBP|USD|CAD|AUD|NZD|CHF|SEK|NOK|DKK|PLN|INR|JPY|ZAR|BRL|MXN|SGD|HKD|AED)\b)`)
})

// priceSymbols maps price prefixes to their one country; "" marks a
// currency of several countries.
var priceSymbols = map[string]string{
	"US$": "US", "CA$": "CA", "C$": "CA", "AU$": "AU", "A$": "AU", "NZ$": "NZ", "R$": "BR", "£": "GB", "€": "", "₹": "IN",
	"$": "", "¥": "", "₩": "KR", "₺": "TR", "₪": "IL", "ZŁ": "PL",
	"GBP": "GB", "USD": "US", "CAD": "CA", "AUD": "AU", "NZD": "NZ", "CHF": "CH", "SEK": "SE", "NOK": "NO", "DKK": "DK",
	"PLN": "PL", "INR": "IN", "JPY": "JP", "ZAR": "ZA", "BRL": "BR", "MXN": "MX", "SGD": "SG", "HKD": "HK", "AED": "AE",
}

// countries returns the supported country codes, strongest first.
func (e *evidence) countries() []string {
	support := func(c string) int {
		kinds := map[string]bool{}
		for k := range e.strong[c] {
			kinds[k] = true
		}
		for k := range e.weak[c] {
			kinds[k] = true
		}
		return len(kinds)
	}
	var out []string
	for _, c := range e.order {
		if len(e.strong[c]) > 0 {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		// Weak evidence only: one country that two kinds agree on.
		best, n, tie := "", 0, false
		for _, c := range e.order {
			switch k := len(e.weak[c]); {
			case k > n:
				best, n, tie = c, k, false
			case k == n:
				tie = true
			}
		}
		if n >= 2 && !tie {
			return []string{best}
		}
		return nil
	}
	sort.SliceStable(out, func(i, j int) bool { return support(out[i]) > support(out[j]) })
	if len(out) > MaxCountries {
		out = out[:MaxCountries]
	}
	return out
}

// region returns the ISO region of a language tag ("en-GB", "en_gb"), or "".
func region(tag string) string {
	parts := strings.FieldsFunc(tag, func(r rune) bool { return r == '-' || r == '_' })
	for _, p := range parts[min(1, len(parts)):] {
		if len(p) == 2 {
			return strings.ToUpper(p)
		}
	}
	return ""
}

// language returns the name of the page's language, from <html lang> or
// og:locale.
func language(p *crawl.Page) string {
	for _, tag := range []string{p.Lang, p.OGLocale} {
		primary, _, _ := strings.Cut(strings.ReplaceAll(strings.ToLower(strings.TrimSpace(tag)), "_", "-"), "-")
		if name, ok := languages[primary]; ok {
			return name
		}
	}
	return ""
}

// namedCountries returns the countries an address names.
func namedCountries(address string) []string {
	var out []string
	lower := " " + strings.ToLower(address) + " "
	for name, code := range countryNames {
		i := strings.Index(lower, name)
		if i < 0 {
			continue
		}
		before, after := lower[i-1], lower[i+len(name)]
		if isWordByte(before) || isWordByte(after) {
			continue
		}
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9'
}
