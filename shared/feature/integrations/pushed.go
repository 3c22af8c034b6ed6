package integrations

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"rvcontent/shared/platform/pushapi"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/dynamo"
)

// Results of a push (article.published's result).
const (
	ResultCreated   = "created"
	ResultUpdated   = "updated"
	resultUnchanged = "unchanged"
)

// MaxRemoteID is the longest post id a platform may answer for a push.
const MaxRemoteID = 1000

// pushed is what one connection pushed of one article.
type pushed struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	ArticleID string `dynamodbav:"article_id"`
	RemoteID  string `dynamodbav:"remote_id"`
	URL       string `dynamodbav:"url"`
	// Hash is the content hash of the Post last pushed.
	Hash     string `dynamodbav:"hash"`
	PushedAt string `dynamodbav:"pushed_at"`
	// Request identifies the publish request that pushed it (see
	// idempotency.Claim.Request; "" for a sync or a request without an
	// Idempotency-Key), and Result what that push was (ResultCreated or
	// ResultUpdated): a retry of that request answers Result again rather
	// than pushing twice.
	Request string `dynamodbav:"request,omitempty"`
	Result  string `dynamodbav:"result,omitempty"`
}

// postOf builds what a push of a sends under settings.
func postOf(a articles.Article, st Settings) pushapi.Post {
	tags := a.Tags
	if tags == nil {
		tags = []string{}
	}
	return pushapi.Post{
		Title: a.Title, Slug: a.Slug, Excerpt: a.Description, HTML: a.BodyHTML, Markdown: a.BodyMarkdown,
		Tags: tags, Status: st.DefaultStatus, Category: st.Category, Author: st.Author,
	}
}

// hashOf is the content hash of p: a sync pushes again only when it
// changes (the article's pushed fields, or the settings).
func hashOf(p pushapi.Post) string {
	b, _ := json.Marshal(p)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// pushedBy returns what connection pushed on the site, by article id.
func (s *Service) pushedBy(ctx context.Context, siteID, platform, connection string) (map[string]pushed, error) {
	in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.PushPrefix(platform, connection)).Input()
	if err != nil {
		return nil, apperr.Wrap("integrations.pushedBy", err)
	}
	in.ConsistentRead = aws.Bool(true)
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, apperr.Wrap("integrations.pushedBy", err)
	}
	list, err := dynamo.UnmarshalList[pushed](rows)
	if err != nil {
		return nil, apperr.Wrap("integrations.pushedBy", err)
	}
	out := make(map[string]pushed, len(list))
	for _, p := range list {
		out[p.ArticleID] = p
	}
	return out, nil
}

// pushedOne returns what connection pushed of article id, if anything.
func (s *Service) pushedOne(ctx context.Context, siteID, platform, connection, id string) (*pushed, error) {
	var p pushed
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.PushSK(platform, connection, id), &p)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Wrap("integrations.pushedOne", err)
	}
	return &p, nil
}

// postOwners maps the post ids the connection's pushes recorded (done, by
// article id) to their articles.
func postOwners(done map[string]pushed) map[string]string {
	out := make(map[string]string, len(done))
	for _, p := range done {
		out[p.RemoteID] = p.ArticleID
	}
	return out
}

// pushOne sends a through conn: an update of the post prev records, or a
// create when there is none (or it is gone). Unless force, an article
// whose content hash equals prev's is left alone (resultUnchanged). On
// success it returns the record to store. owner tells which article the
// connection recorded a post id for ("" for none): an answer naming
// another article's post fails the push, so one post never stands for two
// articles (each one's update would overwrite the other's).
func (s *Service) pushOne(ctx context.Context, r record, conn pushapi.Conn, a articles.Article, prev *pushed, force bool, owner func(ctx context.Context, id string) (string, error)) (string, pushed, error) {
	post := postOf(a, r.Settings)
	h := hashOf(post)
	if prev != nil && prev.Hash == h && !force {
		return resultUnchanged, *prev, nil
	}
	platform := s.Platforms[r.Platform]
	result, idem := ResultCreated, r.ConnectionID+":"+a.ID+":"+h
	var rem pushapi.Remote
	var err error
	if prev != nil {
		result = ResultUpdated
		rem, err = platform.Update(ctx, conn, prev.RemoteID, post)
		var pe *pushapi.PushError
		if errors.As(err, &pe) && pe.Gone {
			result, idem = ResultCreated, idem+":after:"+prev.RemoteID
			rem, err = platform.Create(ctx, conn, post, idem)
		}
	} else {
		rem, err = platform.Create(ctx, conn, post, idem)
	}
	switch {
	case err != nil:
	case rem.ID == "":
		err = &pushapi.PushError{Message: "The " + r.Platform + " site's answer did not name the post it saved."}
	case utf8.RuneCountInString(rem.ID) > MaxRemoteID:
		// The id is kept with what was pushed (one table item) and sent
		// back in the address of the next update: a platform may answer
		// anything, and an id past this is a failed push, not a service
		// failure that every retry would meet again.
		err = &pushapi.PushError{Message: fmt.Sprintf("The %s site's answer named the post it saved with an id longer than %d characters.", r.Platform, MaxRemoteID)}
	default:
		other, oerr := owner(ctx, rem.ID)
		switch {
		case oerr != nil:
			return "", pushed{}, oerr
		case other != "" && other != a.ID:
			err = &pushapi.PushError{Message: fmt.Sprintf("The %s site's answer named the post it saved with the id of article %s's post.", r.Platform, other)}
		}
	}
	if err != nil {
		return "", pushed{}, err
	}
	return result, pushed{
		PK: dynamo.SitePK(r.SiteID), SK: dynamo.PushSK(r.Platform, r.ConnectionID, a.ID), ArticleID: a.ID,
		RemoteID: rem.ID, URL: remoteURL(rem.URL), Hash: h, PushedAt: clock.Format(s.Clock.Now()),
	}, nil
}

// remoteURL is the post address a platform answered, as the service passes
// it on (destinations, article.published, the publish answer, the
// dashboard's links): a public http(s) URL of at most MaxSiteURL
// characters, else "" (none). A platform site is the owner's, not the
// service's, and may answer anything.
func remoteURL(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" || utf8.RuneCountInString(raw) > MaxSiteURL {
		return ""
	}
	if _, problem := weburl.Parse(raw, false); problem != "" {
		return ""
	}
	return raw
}
