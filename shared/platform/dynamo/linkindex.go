package dynamo

// LinkIndexPrefix begins the sort key, under an account, of the item that
// names one of the account's items kept in a partition of its own (found
// by a hash: a claim, sign-in or connect link, an OAuth code, a replaced
// refresh token; or by a processor reference, current or replaced), so
// deleting the account finds and deletes that item too.
const LinkIndexPrefix = "LINK#"

// LinkIndex is the item, in an account's partition, that names item
// (RefPK, RefSK) of the account kept elsewhere. It leaves the table with
// the item it names (same TTL).
type LinkIndex struct {
	PK    string `dynamodbav:"pk"`
	SK    string `dynamodbav:"sk"`
	RefPK string `dynamodbav:"ref_pk"`
	RefSK string `dynamodbav:"ref_sk"`
	TTL   int64  `dynamodbav:"ttl,omitempty"`
}

// NewLinkIndex returns the index item, under account accountID, of the
// item (pk, sk) that leaves the table at ttl (Unix seconds; 0 for never).
func NewLinkIndex(accountID, pk, sk string, ttl int64) LinkIndex {
	return LinkIndex{PK: AccountPK(accountID), SK: LinkIndexPrefix + pk, RefPK: pk, RefSK: sk, TTL: ttl}
}

// PutLinkIndex adds to tx the index item of the item (pk, sk) of account
// accountID (see NewLinkIndex), named "link_index".
func PutLinkIndex(tx *Tx, accountID, pk, sk string, ttl int64) {
	tx.Put("link_index", NewLinkIndex(accountID, pk, sk, ttl), "", nil)
}
