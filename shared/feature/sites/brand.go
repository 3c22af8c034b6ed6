package sites

// Brand fields of a site, by their API names. A scan fills them from the
// website; the user sets them with PATCH.
const (
	FieldBrandName          = "brand_name"
	FieldProductDescription = "product_description"
	FieldAvatarURL          = "avatar_url"
)

// BrandFields lists the brand fields in API order.
var BrandFields = []string{FieldBrandName, FieldProductDescription, FieldAvatarURL}

// Brand is what a scan read about a site's brand. Empty strings mean the
// website did not say.
type Brand struct {
	BrandName          string `json:"brand_name" dynamodbav:"brand_name"`
	ProductDescription string `json:"product_description" dynamodbav:"product_description"`
	AvatarURL          string `json:"avatar_url" dynamodbav:"avatar_url"`
}

// Get returns the value of brand field name.
func (b Brand) Get(name string) string {
	switch name {
	case FieldBrandName:
		return b.BrandName
	case FieldProductDescription:
		return b.ProductDescription
	case FieldAvatarURL:
		return b.AvatarURL
	}
	return ""
}

// Field returns the site's value of brand field name.
func (s Site) Field(name string) *string {
	switch name {
	case FieldBrandName:
		return s.BrandName
	case FieldProductDescription:
		return s.ProductDescription
	case FieldAvatarURL:
		return s.AvatarURL
	}
	return nil
}

// IsUserSet reports whether the user set brand field name, which a rescan
// then keeps.
func (it Item) IsUserSet(name string) bool {
	for _, f := range it.UserSet {
		if f == name {
			return true
		}
	}
	return false
}
