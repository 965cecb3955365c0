// Every unit category's converter page in Chromium, the way a visitor uses it: the card found
// by role and name, preset to the page's pair, converting typed quantities. Each expected
// result is GNU units' answer at the card's six decimals (`units -t '30 mpg' ...`); every
// pair of every category is compared with GNU units in islands/src/lib/units.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, openPage, siteForFile, unitCategoryPages, waitForHydration } from './harness.mjs';
import { cardByRole, placeholderExampleConverts, resultText } from './interactive-helpers.mjs';

const ctx = siteForFile();

// Typed quantities a visitor searches for, on their own category's page: [path, typed, To, result].
const EXAMPLES = [
  ['/length-converter', '1 nmi', 'miles', '1.150779 mi'],
  ['/weight-converter', '1 troy oz', 'grams', '31.103477 g'],
  ['/area-converter', '1 rood', 'square_meters', '1,011.714106 m²'],
  ['/digital-storage-converter', '1 GiB', 'gigabytes', '1.073742 GB'],
  ['/angle-converter', '1 rad', 'degrees', '57.29578 °'],
  ['/time-converter', '1 week', 'hours', '168 h'],
  ['/force-converter', '100 N', 'pounds_force', '22.480894 lbf'],
  ['/speed-converter', '100 kph', 'miles_per_hour', '62.137119 mph'],
  ['/fuel-economy-converter', '30 mpg', 'liters_per_100_kilometers', '7.840486 L/100 km'],
  ['/pressure-converter', '100 psi', 'bars', '6.894757 bar'],
  ['/energy-converter', '1 kWh', 'kilocalories', '860.42065 kcal'],
  ['/power-converter', '100 kW', 'horsepower', '134.102209 hp'],
  ['/frequency-converter', '3000 rpm', 'hertz', '50 Hz'],
  ['/data-transfer-rate-converter', '100 Mbps', 'megabytes_per_second', '12.5 MB/s'],
  ['/density-converter', '1 pcf', 'kilograms_per_cubic_meter', '16.018463 kg/m³'],
  ['/torque-converter', '100 newton meters', 'pound_feet', '73.756215 lbf·ft'],
  ['/flow-rate-converter', '10 lpm', 'us_gallons_per_minute', '2.641721 gal/min'],
  // A plain g is the gram anywhere else; on this card it is g-force.
  ['/acceleration-converter', '3 g', 'meters_per_second_squared', '29.41995 m/s²'],
  ['/acceleration-converter', '10 m/s^2', 'standard_gravity', '1.019716 gₙ'],
  ['/illuminance-converter', '50 foot candles', 'lux', '538.195521 lx'],
  // pt alone is the pint; on the length card it is the point, and C on the charge card the coulomb.
  ['/length-converter', '12 pt', 'millimeters', '4.233333 mm'],
  ['/electric-charge-converter', '5000 mAh', 'coulombs', '18,000 C'],
  ['/electric-charge-converter', '360 C', 'milliampere_hours', '100 mAh'],
  ['/electric-current-converter', '500 mA', 'amperes', '0.5 A'],
  ['/voltage-converter', '11 kV', 'volts', '11,000 V'],
  ['/electrical-resistance-converter', '4.7 kohm', 'ohms', '4,700 Ω'],
  ['/capacitance-converter', '0.1 uF', 'nanofarads', '100 nF'],
  ['/inductance-converter', '470 uH', 'millihenries', '0.47 mH'],
  // F is Fahrenheit anywhere else.
  ['/capacitance-converter', '2 F', 'millifarads', '2,000 mF'],
  // G is g-force anywhere else; rad the radian.
  ['/magnetic-flux-density-converter', '50 G', 'milliteslas', '5 mT'],
  ['/magnetic-flux-density-converter', '150 mG', 'microteslas', '15 µT'],
  ['/absorbed-dose-converter', '4500 rad', 'grays', '45 Gy'],
  ['/absorbed-dose-converter', '10 mGy', 'millirads', '1,000 mrad'],
  ['/luminance-converter', '48 nits', 'foot_lamberts', '14.009448 fL'],
  ['/radioactivity-converter', '20 mCi', 'megabecquerels', '740 MBq'],
  ['/radioactivity-converter', '1 MBq', 'millicuries', '0.027027 mCi'],
  ['/radiation-dose-converter', '2.4 mSv', 'millirem', '240 mrem'],
  ['/radiation-dose-converter', '0.12 uSv', 'millirem', '0.012 mrem'],
  ['/radiation-dose-rate-converter', '0.12 uSv/h', 'millisieverts_per_year', '1.051898 mSv/yr'],
  ['/dynamic-viscosity-converter', '500 cP', 'pascal_seconds', '0.5 Pa·s'],
  ['/thermal-insulation-converter', '13 us r value', 'rsi', '2.289432 m²·K/W'],
  ['/thermal-insulation-converter', '0.26 W/m²K', 'us_r_value', '21.839474 ft²·°F·h/BTU'],
  ['/dynamic-viscosity-converter', '1 reyn', 'slugs_per_foot_second', '144 lbf·s/ft²'],
  ['/kinematic-viscosity-converter', '0.0005 ft²/s', 'centistokes', '46.45152 cSt'],
  ['/numbers-converter', '2.5 crore', 'millions', '25 million'],
  ['/numbers-converter', '15 lakh', 'millions', '1.5 million'],
  ['/numbers-converter', '48 lakh crore', 'trillions', '48 trillion'],
  ['/numbers-converter', '50k', 'lakhs', '0.5 lakh'],
  // mM is the millimolar here and anywhere: mm is the millimeter.
  ['/molar-concentration-converter', '0.5 mM', 'micromoles_per_liter', '500 µmol/L'],
  ['/molar-concentration-converter', '75 nM', 'micromoles_per_liter', '0.075 µmol/L'],
  ['/electrical-conductivity-converter', '450 uS/cm', 'millisiemens_per_centimeter', '0.45 mS/cm'],
  // cf alone is the cubic foot; on this card it is the conductivity factor.
  ['/electrical-conductivity-converter', '12 cf', 'millisiemens_per_centimeter', '1.2 mS/cm'],
  ['/electrical-conductivity-converter', '61 %IACS', 'megasiemens_per_meter', '35.38 MS/m'],
  ['/thermal-conductivity-converter', '35 mW/mK', 'us_k_value', '0.242672 BTU·in/(h·ft²·°F)'],
  ['/thermal-conductivity-converter', '1 kcal/h m C', 'watts_per_meter_kelvin', '1.163 W/(m·K)'],
  ['/specific-heat-capacity-converter', '4.18 J/g C', 'joules_per_kilogram_kelvin', '4,180 J/(kg·K)'],
  ['/specific-heat-capacity-converter', '1 btu/lb F', 'kilojoules_per_kilogram_kelvin', '4.1868 kJ/(kg·K)'],
  ['/irradiance-converter', '1000 W/m2', 'btuh_per_square_foot', '316.998331 BTU/(h·ft²)'],
  ['/irradiance-converter', '0.8 sun', 'watts_per_square_meter', '800 W/m²'],
  ['/magnetic-field-strength-converter', '12 kOe', 'kiloamperes_per_meter', '954.929659 kA/m'],
  ['/hba1c-converter', '7%', 'ifcc_mmol_per_mol', '53 mmol/mol'],
  ['/hba1c-converter', '48 mmol/mol', 'ngsp_percent', '6.5 %'],
  ['/mass-flow-rate-converter', '10000 lb/hr', 'tonnes_per_hour', '4.535924 t/h'],
  ['/mass-flow-rate-converter', '5 g/s', 'pounds_per_minute', '0.661387 lb/min'],
  ['/spring-rate-converter', '8 kg/mm', 'pounds_force_per_inch', '447.979317 lbf/in'],
  ['/spring-rate-converter', '72.8 dyn/cm', 'millinewtons_per_meter', '72.8 mN/m'],
  ['/linear-density-converter', '132 lb/yd', 'kilograms_per_meter', '65.479214 kg/m'],
  ['/linear-density-converter', '70 denier', 'decitex', '77.777778 dtex'],
];

// One visit per category page does every check of this file on it: a visit (load and
// hydration) costs more than the checks, and the suite's time grows with the categories.
test("every category page has its card, titled and preset to the page pair; its placeholder's example, 5 and the typed quantities of its category convert", async () => {
  const pages = unitCategoryPages();
  const categories = [...readFileSync(join(ROOT, 'content/units.yaml'), 'utf8').matchAll(/^ {2}([a-z0-9_]+):\n {4}label:/gm)].map((m) => m[1]);
  assert.deepEqual(pages.map((p) => p.category).sort(), [...categories].sort(), 'every category of units.yaml has its page');
  const examplesOf = new Map();
  for (const example of EXAMPLES) examplesOf.set(example[0], [...(examplesOf.get(example[0]) ?? []), example]);
  assert.deepEqual([...examplesOf.keys()].filter((path) => !pages.some((p) => p.path === path)), [], 'every example is on a category page');
  const page = await openPage(ctx.browser);
  for (const want of pages) {
    await page.goto(ctx.site.url + want.path);
    await waitForHydration(page);
    const { category } = JSON.parse(await page.locator('[data-island="ConverterCard"]').getAttribute('data-props'));
    assert.equal(await page.getByRole('region', { name: `${category.label} Converter` }).count(), 1, `${want.path}: one card titled '${category.label} Converter'`);
    const c = cardByRole(page);
    assert.equal(await c.from.inputValue(), want.from, `${want.path}: From preset`);
    assert.equal(await c.to.inputValue(), want.to, `${want.path}: To preset`);
    await placeholderExampleConverts(page, want.path);
    await c.value.fill('5');
    const symbol = category.units.find((u) => u.key === want.to).symbol;
    assert.match(await resultText(page), new RegExp(`^[\\d,.]+(e[+-]?\\d+)? ${symbol.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`), `${want.path}: 5 ${want.from} → ${want.to}`);
    for (const [path, typed, to, result] of examplesOf.get(want.path) ?? []) {
      await c.to.selectOption(to);
      await c.value.fill(typed);
      assert.equal(await resultText(page), result, `${path}: ${typed} → ${to}`);
    }
    assert.deepEqual(page.problems, [], `${want.path}: console or page errors`);
  }
  await page.context().close();
});
