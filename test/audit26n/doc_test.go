// Package audit26n pins defects found in scans, keywords, research and
// rank (spec 2's Site, Scan, Keyword, Research and Rank objects, spec 4.6,
// spec 8's limits; README "Sites and scans" and "Keywords, research and
// rank"), each fixed in the feature package that owns it. Each test's doc
// comment quotes the sentence it checks and says what was wrong.
package audit26n
