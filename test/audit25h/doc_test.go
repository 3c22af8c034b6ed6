// Package audit25h holds black-box tests of scans, keywords, research and
// rank (spec 2 Scan, Keyword, Research result, Rank; 3; 4.6; 6; 8; the
// README's "Sites and scans" and "Keywords, research and rank"): each test
// pins one defect found in the audit and fixed, and says what was wrong.
package audit25h
