package forumapi

import "testing"

func TestPermalinks(t *testing.T) {
	p := Permalinks{Host: "forum.example.com"}
	thread := p.Thread("freelance", "abc123", "Which tool? (2026)")
	if thread != "https://forum.example.com/r/freelance/comments/abc123/which_tool_2026/" {
		t.Fatalf("thread link %s", thread)
	}
	ref, problem := p.ParseComment(p.Comment(thread, "c9x"))
	if problem != "" || ref != (CommentRef{Subforum: "freelance", ForumID: "abc123", CommentID: "c9x"}) {
		t.Fatalf("comment link: %+v %q", ref, problem)
	}
	for _, bad := range []string{thread, "https://other.example.com/r/freelance/comments/abc123/x/c9x/", "ftp://forum.example.com/r/x/comments/a/b/c/", "not a link", "https://forum.example.com/user/x/",
		"https://u@forum.example.com/r/freelance/comments/abc123/x/c9x/", "https://forum.example.com:8443/r/freelance/comments/abc123/x/c9x/"} {
		if _, problem := p.ParseComment(bad); problem == "" {
			t.Errorf("%q accepted as a comment link", bad)
		}
	}
}
