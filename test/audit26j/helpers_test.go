package audit26j

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// articleBalance returns the site's article credit balance (GET
// .../credits).
func articleBalance(t *testing.T, a *testenv.Account) int {
	t.Helper()
	var out struct {
		Credits struct {
			Articles struct{ Balance int } `json:"articles"`
		} `json:"credits"`
	}
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/credits", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Credits.Articles.Balance
}
