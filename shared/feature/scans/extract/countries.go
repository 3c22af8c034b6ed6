package extract

import "strings"

// countries names the countries the geo rules can recognise, by ISO 3166
// code.
var countries = map[string]string{
	"AR": "Argentina", "AT": "Austria", "AU": "Australia", "BE": "Belgium", "BR": "Brazil", "CA": "Canada",
	"CH": "Switzerland", "CL": "Chile", "CN": "China", "CO": "Colombia", "CZ": "Czechia", "DE": "Germany",
	"DK": "Denmark", "EG": "Egypt", "ES": "Spain", "FI": "Finland", "FR": "France", "GB": "United Kingdom",
	"GR": "Greece", "HK": "Hong Kong", "HU": "Hungary", "ID": "Indonesia", "IE": "Ireland", "IL": "Israel",
	"IN": "India", "IT": "Italy", "JP": "Japan", "KE": "Kenya", "KR": "South Korea", "MX": "Mexico",
	"MY": "Malaysia", "NG": "Nigeria", "NL": "Netherlands", "NO": "Norway", "NZ": "New Zealand", "PH": "Philippines",
	"PK": "Pakistan", "PL": "Poland", "PT": "Portugal", "RO": "Romania", "SA": "Saudi Arabia", "SE": "Sweden",
	"SG": "Singapore", "TH": "Thailand", "TR": "Turkey", "TW": "Taiwan", "UA": "Ukraine", "AE": "United Arab Emirates",
	"US": "United States", "VN": "Vietnam", "ZA": "South Africa",
}

// countryNames finds a country named in an address, by its names and
// common short forms.
var countryNames = func() map[string]string {
	m := map[string]string{}
	for code, name := range countries {
		m[strings.ToLower(name)] = code
	}
	for alias, code := range map[string]string{
		"uk": "GB", "u.k.": "GB", "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB", "northern ireland": "GB",
		"usa": "US", "u.s.a.": "US", "united states of america": "US", "deutschland": "DE", "españa": "ES", "italia": "IT",
		"nederland": "NL", "the netherlands": "NL", "schweiz": "CH", "suisse": "CH", "österreich": "AT", "sverige": "SE",
		"danmark": "DK", "norge": "NO", "polska": "PL", "méxico": "MX", "brasil": "BR", "éire": "IE", "uae": "AE",
	} {
		m[alias] = code
	}
	return m
}()

// callingCodes maps international dialling prefixes to countries. +1 and
// +7 are shared by several countries and count only as corroboration.
var callingCodes = map[string]string{
	"44": "GB", "49": "DE", "33": "FR", "34": "ES", "39": "IT", "31": "NL", "32": "BE", "41": "CH", "43": "AT",
	"45": "DK", "46": "SE", "47": "NO", "48": "PL", "351": "PT", "353": "IE", "358": "FI", "30": "GR", "36": "HU",
	"420": "CZ", "40": "RO", "61": "AU", "64": "NZ", "65": "SG", "81": "JP", "82": "KR", "86": "CN", "852": "HK",
	"886": "TW", "91": "IN", "92": "PK", "27": "ZA", "234": "NG", "254": "KE", "20": "EG", "971": "AE", "966": "SA",
	"972": "IL", "90": "TR", "380": "UA", "52": "MX", "55": "BR", "54": "AR", "56": "CL", "57": "CO", "60": "MY",
	"62": "ID", "63": "PH", "66": "TH", "84": "VN",
}

// sharedCallingCodes are prefixes several countries use.
var sharedCallingCodes = map[string][]string{"1": {"US", "CA"}, "7": {}}

// currencies maps ISO 4217 codes to the one country that issues them;
// currencies of several countries (EUR, XOF) are left out.
var currencies = map[string]string{
	"GBP": "GB", "USD": "US", "CAD": "CA", "AUD": "AU", "NZD": "NZ", "CHF": "CH", "SEK": "SE", "NOK": "NO",
	"DKK": "DK", "PLN": "PL", "CZK": "CZ", "HUF": "HU", "RON": "RO", "JPY": "JP", "CNY": "CN", "KRW": "KR",
	"INR": "IN", "PKR": "PK", "SGD": "SG", "HKD": "HK", "TWD": "TW", "BRL": "BR", "MXN": "MX", "ARS": "AR",
	"ZAR": "ZA", "NGN": "NG", "KES": "KE", "EGP": "EG", "AED": "AE", "SAR": "SA", "ILS": "IL", "TRY": "TR",
	"UAH": "UA", "MYR": "MY", "IDR": "ID", "PHP": "PH", "THB": "TH", "VND": "VN",
}

// languages names the primary language subtags of BCP 47.
var languages = map[string]string{
	"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch", "pt": "Portuguese",
	"sv": "Swedish", "da": "Danish", "no": "Norwegian", "nb": "Norwegian", "nn": "Norwegian", "fi": "Finnish", "pl": "Polish",
	"cs": "Czech", "hu": "Hungarian", "ro": "Romanian", "el": "Greek", "tr": "Turkish", "uk": "Ukrainian", "ru": "Russian",
	"ja": "Japanese", "zh": "Chinese", "ko": "Korean", "hi": "Hindi", "ar": "Arabic", "he": "Hebrew", "id": "Indonesian",
	"ms": "Malay", "th": "Thai", "vi": "Vietnamese",
}
