package billing

import "time"

// PortalLinkOf signs the service's own billing portal link of accountID,
// valid until expires, for tests of links the service would not hand out.
func (l *Links) PortalLinkOf(accountID string, expires time.Time) (string, error) {
	u, _, err := l.url(portalLink, expires, accountID)
	return u, err
}
