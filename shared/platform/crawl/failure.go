package crawl

import (
	"errors"
	"fmt"
	"net/http"

	"rvcontent/shared/platform/egress"
)

// Failure codes: why a site could not be scanned.
const (
	CodeUnreachable = "site_unreachable"        // DNS, connection, timeout or TLS failure
	CodeRefused     = "site_address_refused"    // the address or a redirect is not public
	CodeHTTPError   = "site_http_error"         // the home page answered an error status
	CodeNotHTML     = "site_not_html"           // the home page is not an HTML page
	CodeTooLarge    = "site_too_large"          // the home page exceeds the size cap
	CodeRedirects   = "site_too_many_redirects" // too many redirects
	CodeRobots      = "site_robots_disallowed"  // robots.txt forbids reading the home page
	CodeNoURL       = "site_no_url"             // the site has no website_url
)

// Failure is a site problem that ends a scan: Code is stable, Message says
// which problem in words the owner can act on.
type Failure struct {
	Code    string
	Message string
}

// Error returns the message.
func (f *Failure) Error() string { return f.Message }

func fail(code, format string, args ...any) *Failure {
	return &Failure{Code: code, Message: fmt.Sprintf(format, args...)}
}

// fetchFailure explains why the home page site could not be fetched.
func fetchFailure(site string, err error) error {
	var e *egress.Error
	if !errors.As(err, &e) {
		return err // not a site problem: retried
	}
	switch e.Reason {
	case egress.ReasonRefused:
		return fail(CodeRefused, "The scan did not read %s because %s.", site, e.Message)
	case egress.ReasonTooLarge:
		return fail(CodeTooLarge, "The scan could not read %s because %s; make the home page smaller.", site, e.Message)
	case egress.ReasonRedirects:
		return fail(CodeRedirects, "The scan could not read %s because %s; check the site's redirects.", site, e.Message)
	case egress.ReasonTimeout:
		return fail(CodeUnreachable, "The site %s seems to be down: %s.", site, e.Message)
	}
	return fail(CodeUnreachable, "The site %s could not be reached because %s. Check that it is up and that the address is right.", site, e.Message)
}

func statusFailure(site, final string, code int) *Failure {
	where := site
	if final != site && final != site+"/" {
		where = site + " (redirected to " + final + ")"
	}
	return fail(CodeHTTPError, "The site %s answered HTTP %d %s instead of its home page.", where, code, http.StatusText(code))
}
