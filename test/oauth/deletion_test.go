package oauth_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/compose"
	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// Connect answered while the owner deletes the account: the connection's
// live-account condition fails, and the consent page answers as for a
// deleted account (sign in again), not with the limit's "too many
// connections". The test commits the deletion's own write of the account
// (its tombstone, accounts.Delete) and stops there, before the deletion
// revokes the owner's sessions: the moment a Connect racing it meets.
func TestConnectRacingAccountDeletion(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Late App")
	consent := o.consentPage(t, a, newFlow())

	table := compose.Table(env.Stack.Graph)
	ctx := context.Background()
	acct, err := accounts.Owners{Table: table}.Get(ctx, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	tx := &dynamo.Tx{}
	accounts.Delete(tx, acct, time.Now())
	if err := table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}

	p := o.answer(t, consent, "connect")
	if strings.Contains(p.Body, "Too many connections") || p.Status == http.StatusConflict {
		t.Fatalf("Connect on the deleted account answered %d with the limit's page, want the deleted account's answer (sign in again)", p.Status)
	}
	p.Redirect(t, http.StatusSeeOther, env.URL+"/signin?")
}
