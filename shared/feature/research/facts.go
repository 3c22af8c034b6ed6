package research

import (
	"net/netip"
	"net/url"
	"strings"

	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/model"
)

// facts returns what the site says about itself as research input: the
// brand name and product description the site holds (set by the user or
// filled by a scan), else those the scan found; the scan's analysis; and,
// when neither names the brand, the first label of the website's host
// ("acme" for https://www.acme.com/).
func facts(site sites.Site, brand sites.Brand, a scans.Analysis) model.ResearchInput {
	in := model.ResearchInput{
		BrandName:          first(deref(site.BrandName), brand.BrandName, hostLabel(deref(site.WebsiteURL))),
		ProductDescription: first(deref(site.ProductDescription), brand.ProductDescription),
		Niche:              a.Niche,
		Audience:           a.Audience,
		Geo:                a.Geo,
		Competitors:        append([]string(nil), a.Competitors...),
	}
	return in
}

// grounded reports whether the scan found anything about the business
// beyond its name: the plan stage plans nothing otherwise.
func grounded(in model.ResearchInput) bool {
	return in.Niche != "" || in.Audience != "" || in.ProductDescription != "" || len(in.Competitors) > 0
}

// hostLabel returns the first label of raw's host as people read it
// (without www., an internationalised label decoded), or "" for an
// address or a host without one.
func hostLabel(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	if _, err := netip.ParseAddr(u.Hostname()); err == nil {
		return "" // an IP address (v4 or v6) has no label to name a brand
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	label, _, _ := strings.Cut(host, ".")
	if label == "" || strings.Trim(label, "0123456789") == "" {
		return "" // no host, or an address
	}
	return weburl.LabelUnicode(label) // xn--bcher-kva names the brand bücher
}

func first(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
