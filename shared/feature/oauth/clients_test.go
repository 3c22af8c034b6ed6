package oauth

import (
	"strings"
	"testing"
)

func TestParseRegistration(t *testing.T) {
	c, err := parseRegistration([]byte(`{"client_name":" My  App ","redirect_uris":["https://a.example/cb","https://a.example/cb"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "My App" || len(c.RedirectURIs) != 1 || strings.Join(c.GrantTypes, ",") != "authorization_code,refresh_token" ||
		strings.Join(c.ResponseTypes, ",") != "code" || c.TokenEndpointAuthMethod != "none" {
		t.Fatalf("client = %+v", c)
	}
	many := `{"client_name":"A","redirect_uris":[` + strings.Repeat(`"https://a.example/cb",`, MaxRedirectURIs) + `"https://a.example/x"]}`
	if _, err := parseRegistration([]byte(many)); err == nil || err.Code != InvalidRedirectURI {
		t.Fatalf("too many redirect URIs: %v", err)
	}
	long := `{"client_name":"` + strings.Repeat("n", maxClientName+1) + `","redirect_uris":["https://a.example/cb"]}`
	if _, err := parseRegistration([]byte(long)); err == nil || err.Code != InvalidClientMetadata {
		t.Fatalf("long name: %v", err)
	}
	if _, err := parseRegistration([]byte(`{"client_name":"A","redirect_uris":["https://a.example/cb"],"grant_types":["refresh_token"]}`)); err == nil || err.Code != InvalidClientMetadata {
		t.Fatalf("refresh only: %v", err)
	}
	if _, err := parseRegistration([]byte("{\"client_name\":\"\xff\xfe\",\"redirect_uris\":[\"https://a.example/cb\"]}")); err == nil || err.Code != InvalidClientMetadata {
		t.Fatalf("a body that is not UTF-8: %v", err)
	}
	for _, body := range []string{`null`, ` null `, `[]`, `"x"`, ``} {
		if _, err := parseRegistration([]byte(body)); err == nil || err.Code != InvalidClientMetadata {
			t.Errorf("body %q: %v, want %s", body, err, InvalidClientMetadata)
		}
	}
}
