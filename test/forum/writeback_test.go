package forum_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/platform/forumapi"
	"rvcontent/test/testenv"
)

// heldComments maps a permalink to the gate its next reply check waits at.
var heldComments sync.Map

// commentGate is a reply check held at the forum: entered is closed once
// the check has read the reply and asks the forum, release lets it go on.
type commentGate struct {
	entered, release chan struct{}
	fail             bool // the forum then answers with an error
}

// gated is the stack's forum with a seam: a reply check of a held
// permalink waits at its gate before reading the forum.
type gated struct{ forum.Platform }

func (g gated) Comment(ctx context.Context, permalink string) (forumapi.CommentCheck, error) {
	if v, ok := heldComments.LoadAndDelete(permalink); ok {
		gate := v.(*commentGate)
		close(gate.entered)
		<-gate.release
		if gate.fail {
			return forumapi.CommentCheck{}, errForumDown
		}
	}
	return g.Platform.Comment(ctx, permalink)
}

// errForumDown is the held check's answer when its gate fails it.
var errForumDown = errors.New("the forum could not be read (test)")

// gateComments puts the seam in front of the stack's forum.
func gateComments(env *testenv.Env) {
	svc := contentbase.Forum(env.Stack.Graph)
	svc.Platform = gated{svc.Platform}
}

// holdComment makes the next check of permalink wait until release is
// closed; the check fails when fail is set.
func holdComment(permalink string, fail bool) *commentGate {
	g := &commentGate{entered: make(chan struct{}), release: make(chan struct{}), fail: fail}
	heldComments.Store(permalink, g)
	return g
}

// postedReply returns a posted reply of the rig's site and its permalink.
func postedReply(t *testing.T, r *rig) (map[string]any, string) {
	t.Helper()
	ids, forumIDs := openThreads(t, r, 1, nil)
	d := r.draft(t, ids[0], nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	link := comment(t, r.env, forumIDs[0], "My reply, disclosure included.")
	rep := r.api(t, "POST", r.forumPath("/replies"), map[string]any{"thread_id": ids[0], "draft_id": d["id"], "permalink": link}).
		Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	return rep, link
}

// A reply check that read the reply before the owner deleted the account
// and writes its finding after the erasure's two passes must not put the
// reply back: nothing of the account may be left within the hour (README,
// "Deleting the account").
func TestReplyCheckRacingAccountDeletion(t *testing.T) {
	r := paidRig(t)
	rep, link := postedReply(t, r)
	r.env.Claim(t, r.acct)

	gate := holdComment(link, false)
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.env.RunScheduled(t)
	}()
	<-gate.entered

	b := r.env.NewBrowser(t)
	r.env.SignIn(t, b, r.acct.Email, "/dashboard")
	form := b.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
	form.Set("confirm", r.acct.Email)
	b.Post(t, "/dashboard/settings/delete", form).Expect(t, http.StatusOK, "Account deleted")
	r.env.RunScheduled(t)
	r.env.Advance(t, 16*60)
	r.env.RunScheduled(t)

	close(gate.release)
	<-done
	r.env.Advance(t, 45*60)
	r.env.RunScheduled(t)

	key := "SITE#" + r.acct.SiteID + " | FR#" + rep["id"].(string)
	for _, k := range items(t, r.env, r.acct.SiteID) {
		if k == key {
			t.Fatalf("an hour after the deletion the reply check put the reply back: %s", k)
		}
	}
}

// A check the forum could not answer must not undo what an overlapping
// run's check wrote meanwhile: the reply stays removed.
func TestFailedReplyCheckKeepsAConcurrentCheck(t *testing.T) {
	r := paidRig(t)
	rep, link := postedReply(t, r)

	gate := holdComment(link, true)
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.env.RunScheduled(t)
	}()
	<-gate.entered
	r.env.Client().Do(t, "PATCH", "/_dev/forum/comments", map[string]any{"permalink": link, "state": "removed"}).Expect(t, http.StatusOK)
	r.env.RunScheduled(t)
	if s := replyStatus(t, r, rep["id"].(string)); s != "removed" {
		t.Fatalf("reply after the overlapping check: %s, want removed", s)
	}
	close(gate.release)
	<-done
	if s := replyStatus(t, r, rep["id"].(string)); s != "removed" {
		t.Errorf("reply after the held check failed: %s, want removed (the failed check put back what it had read)", s)
	}
}

// replyStatus returns the status of the rig's reply id.
func replyStatus(t *testing.T, r *rig, id string) string {
	t.Helper()
	var out struct {
		Replies []map[string]any `json:"replies"`
	}
	r.api(t, "GET", r.forumPath("/replies"), nil).Expect(t, http.StatusOK).Decode(t, &out)
	for _, rp := range out.Replies {
		if rp["id"] == id {
			return rp["status"].(string)
		}
	}
	t.Fatalf("reply %s not listed", id)
	return ""
}

// items returns the keys ("pk | sk") of the table's items in the site's
// partition (a test may read the table; the service never scans).
func items(t *testing.T, env *testenv.Env, siteID string) []string {
	t.Helper()
	table := contentbase.Forum(env.Stack.Graph).Table
	in := &dynamodb.QueryInput{
		KeyConditionExpression:    aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "SITE#" + siteID}},
		ConsistentRead:            aws.Bool(true),
	}
	rows, err := table.QueryAll(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range rows {
		pk, _ := it["pk"].(*types.AttributeValueMemberS)
		sk, _ := it["sk"].(*types.AttributeValueMemberS)
		if pk != nil && sk != nil {
			out = append(out, pk.Value+" | "+sk.Value)
		}
	}
	return out
}
