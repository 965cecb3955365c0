// Generated from content/routes.yaml, content/site.yaml and the output layout by `unitly build` (src/generated.rs).
// Do not edit: edit content and build. `cargo test` fails when this file is stale.

/** Each category's converter page (content/routes.yaml), by category key. */
export const CONVERTER_PATHS: Readonly<Record<string, string>> = {
  "length": "/length-converter",
  "weight": "/weight-converter",
  "temperature": "/temperature-converter",
  "volume": "/volume-converter",
  "area": "/area-converter",
  "time": "/time-converter",
  "numbers": "/numbers-converter",
  "speed": "/speed-converter",
  "fuel_economy": "/fuel-economy-converter",
  "currency": "/currency-converter",
  "angle": "/angle-converter",
  "pressure": "/pressure-converter",
  "energy": "/energy-converter",
  "frequency": "/frequency-converter",
  "density": "/density-converter",
  "molar_concentration": "/molar-concentration-converter",
  "hba1c": "/hba1c-converter",
  "electrical_conductivity": "/electrical-conductivity-converter",
  "magnetic_flux_density": "/magnetic-flux-density-converter",
  "magnetic_field_strength": "/magnetic-field-strength-converter",
  "absorbed_dose": "/absorbed-dose-converter",
  "acceleration": "/acceleration-converter",
  "illuminance": "/illuminance-converter",
  "luminance": "/luminance-converter",
  "radioactivity": "/radioactivity-converter",
  "radiation_dose": "/radiation-dose-converter",
  "radiation_dose_rate": "/radiation-dose-rate-converter",
  "specific_heat_capacity": "/specific-heat-capacity-converter",
  "force": "/force-converter",
  "power": "/power-converter",
  "linear_density": "/linear-density-converter",
  "torque": "/torque-converter",
  "spring_rate": "/spring-rate-converter",
  "flow_rate": "/flow-rate-converter",
  "mass_flow_rate": "/mass-flow-rate-converter",
  "electric_charge": "/electric-charge-converter",
  "electric_current": "/electric-current-converter",
  "voltage": "/voltage-converter",
  "electrical_resistance": "/electrical-resistance-converter",
  "capacitance": "/capacitance-converter",
  "inductance": "/inductance-converter",
  "thermal_insulation": "/thermal-insulation-converter",
  "irradiance": "/irradiance-converter",
  "thermal_conductivity": "/thermal-conductivity-converter",
  "dynamic_viscosity": "/dynamic-viscosity-converter",
  "kinematic_viscosity": "/kinematic-viscosity-converter",
  "digital_storage": "/digital-storage-converter",
  "data_transfer_rate": "/data-transfer-rate-converter",
  "cooking": "/cooking-converter",
};

/** How long a newsletter confirmation link works (content/site.yaml `newsletter`). */
export const CONFIRM_LINK_HOURS = 48;

/** Where the build puts the client files, named by their content (the build's `output::ASSETS_DIR`). */
export const ASSETS_PATH = "/assets/";
