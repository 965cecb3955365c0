//! The ids of the optional third parties in `site.yaml`, checked against their documented
//! formats: an id turns on a script from another origin and widens the
//! Content-Security-Policy to that origin's hosts, so a typo or a pasted snippet must not.

use super::model::SiteConfig;
use super::positions::Positions;
use super::texts::SITE_FILE;
use crate::diagnostics::{Problem, Problems};

/// `ca-pub-` and 16 digits: an AdSense publisher id.
pub fn valid_ads_client(id: &str) -> bool {
    id.strip_prefix("ca-pub-").is_some_and(|digits| digits.len() == 16 && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// `G-` and 4 to 16 upper-case letters or digits: a Google Analytics 4 measurement id.
pub fn valid_measurement_id(id: &str) -> bool {
    id.strip_prefix("G-").is_some_and(|rest| (4..=16).contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()))
}

/// A problem for each id that is set but not in its format, located at its value.
pub fn validate(site_at: &Positions, config: &SiteConfig, problems: &mut Problems) {
    let checks = [
        (
            "ads",
            "client",
            config.ads.client.as_str(),
            valid_ads_client(&config.ads.client),
            "an AdSense publisher id is `ca-pub-` and 16 digits (AdSense → Account → Account information)",
        ),
        (
            "analytics",
            "measurement_id",
            config.analytics.measurement_id.as_str(),
            valid_measurement_id(&config.analytics.measurement_id),
            "a Google Analytics 4 measurement id is `G-` and 4 to 16 capital letters or digits (Admin → Data streams)",
        ),
    ];
    for (section, key, value, valid, format) in checks {
        if value.is_empty() || valid {
            continue;
        }
        let (line, column) = site_at.get(section).get(key).or((1, 1));
        problems.push(Problem::new(SITE_FILE, line, column, format!("{section}.{key} `{value}` is not valid: {format}; leave it empty (\"\") for none")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_in_their_documented_formats_only() {
        assert!(valid_ads_client("ca-pub-1234567890123456"));
        for bad in [
            "not-a-valid-id",
            "ca-pub-123",
            "ca-pub-12345678901234567",
            "ca-pub-123456789012345x",
            " ca-pub-1234567890123456",
            "ca-pub-1234567890123456\"><script>",
        ] {
            assert!(!valid_ads_client(bad), "{bad}");
        }
        assert!(valid_measurement_id("G-ABC123XYZ0") && valid_measurement_id("G-TEST000000"));
        for bad in ["G-abc123", "UA-1234-1", "G-", "G-ABC/../x", "G-ABCDEFGHIJKLMNOPQ"] {
            assert!(!valid_measurement_id(bad), "{bad}");
        }
    }

    #[test]
    fn a_bad_id_is_located_at_its_value_in_the_real_site_yaml() {
        let real = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/site.yaml")).expect("content/site.yaml");
        let text = real.replacen("client: \"\"", "client: \"not-a-valid-id\"", 1).replacen("measurement_id: \"\"", "measurement_id: \"G-ABC123\"", 1);
        let config: SiteConfig = serde_yaml::from_str(&text).expect("site.yaml parses");
        assert_eq!((config.ads.client.as_str(), config.analytics.measurement_id.as_str()), ("not-a-valid-id", "G-ABC123"));
        let mut problems = Problems::default();
        validate(&Positions::of(&text), &config, &mut problems);
        let line = text.lines().position(|l| l.contains("not-a-valid-id")).expect("the id's line") + 1;
        let found: Vec<(usize, usize)> = problems.0.iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(found, [(line, 11)], "{problems:?}");
    }
}
