import type { AssetClass, RiskRating, Sector } from '@meridian/domain/securities/contracts';

/**
 * The securities master seeded on a first start: real US-listed stocks and ETFs. Companies carry their
 * GICS sector and industry (the 2023 structure: Visa, Mastercard in Financials; Walmart, Costco, Target
 * in Consumer Staples; ADP in Industrials); funds carry a fund sector ('Diversified', 'Fixed Income',
 * 'Cash', 'Commodities') or the GICS sector they track, and their category as the industry.
 * REITs are the real_estate asset class; the risk rating is ours (an advisor's rough low/medium/high).
 *
 * Each row ends with its reference close: an approximate, rounded price level of the security around
 * early 2025 (on today's share basis, e.g. NVDA, AVGO, WMT after their splits, NFLX after its 2025
 * 10-for-1). It is NOT market data and is never shown as a price: it only anchors the simulation, whose
 * path for the security is scaled to end on it, so the simulated closes sit at believable levels.
 */
export type SecuritySeed = {
  symbol: string;
  name: string;
  assetClass: AssetClass;
  sector: Sector;
  industry: string;
  riskRating: RiskRating;
  /** Approximate price level (USD) the simulated history ends on; anchors the simulation only, not market data. */
  referenceClose: number;
};

type Row = [symbol: string, name: string, industry: string, risk: RiskRating, referenceClose: number];

const group = (assetClass: AssetClass, sector: Sector, rows: Row[]): SecuritySeed[] =>
  rows.map(([symbol, name, industry, riskRating, referenceClose]) => ({
    symbol,
    name,
    assetClass,
    sector,
    industry,
    riskRating,
    referenceClose,
  }));

const semis = 'Semiconductors & Semiconductor Equipment';
const hotels = 'Hotels, Restaurants & Leisure';
const oilGas = 'Oil, Gas & Consumable Fuels';
const staplesRetail = 'Consumer Staples Distribution & Retail';

export const securitiesList: SecuritySeed[] = [
  ...group('equity', 'Information Technology', [
    ['AAPL', 'Apple Inc.', 'Technology Hardware, Storage & Peripherals', 'medium', 230],
    ['MSFT', 'Microsoft Corporation', 'Software', 'medium', 420],
    ['NVDA', 'NVIDIA Corporation', semis, 'high', 140],
    ['AVGO', 'Broadcom Inc.', semis, 'high', 230],
    ['ORCL', 'Oracle Corporation', 'Software', 'medium', 170],
    ['CRM', 'Salesforce, Inc.', 'Software', 'medium', 330],
    ['ADBE', 'Adobe Inc.', 'Software', 'medium', 430],
    ['AMD', 'Advanced Micro Devices, Inc.', semis, 'high', 120],
    ['CSCO', 'Cisco Systems, Inc.', 'Communications Equipment', 'medium', 60],
    ['INTC', 'Intel Corporation', semis, 'high', 20],
    ['IBM', 'International Business Machines Corporation', 'IT Services', 'medium', 225],
    ['QCOM', 'QUALCOMM Incorporated', semis, 'high', 160],
    ['TXN', 'Texas Instruments Incorporated', semis, 'medium', 190],
    ['INTU', 'Intuit Inc.', 'Software', 'medium', 620],
    ['ACN', 'Accenture plc', 'IT Services', 'medium', 350],
    ['AMAT', 'Applied Materials, Inc.', semis, 'high', 175],
    ['APH', 'Amphenol Corporation', 'Electronic Equipment, Instruments & Components', 'medium', 70],
  ]),
  ...group('equity', 'Health Care', [
    ['LLY', 'Eli Lilly and Company', 'Pharmaceuticals', 'medium', 770],
    ['UNH', 'UnitedHealth Group Incorporated', 'Health Care Providers & Services', 'medium', 520],
    ['JNJ', 'Johnson & Johnson', 'Pharmaceuticals', 'low', 150],
    ['ABBV', 'AbbVie Inc.', 'Biotechnology', 'medium', 180],
    ['MRK', 'Merck & Co., Inc.', 'Pharmaceuticals', 'low', 100],
    ['PFE', 'Pfizer Inc.', 'Pharmaceuticals', 'medium', 26],
    ['TMO', 'Thermo Fisher Scientific Inc.', 'Life Sciences Tools & Services', 'medium', 560],
    ['ABT', 'Abbott Laboratories', 'Health Care Equipment & Supplies', 'low', 115],
    ['AMGN', 'Amgen Inc.', 'Biotechnology', 'medium', 280],
    ['ISRG', 'Intuitive Surgical, Inc.', 'Health Care Equipment & Supplies', 'high', 540],
    ['GILD', 'Gilead Sciences, Inc.', 'Biotechnology', 'medium', 95],
    ['CVS', 'CVS Health Corporation', 'Health Care Providers & Services', 'medium', 50],
    ['A', 'Agilent Technologies, Inc.', 'Life Sciences Tools & Services', 'medium', 140],
  ]),
  ...group('equity', 'Financials', [
    ['BRK.B', 'Berkshire Hathaway Inc. Class B', 'Financial Services', 'low', 470],
    ['JPM', 'JPMorgan Chase & Co.', 'Banks', 'medium', 245],
    ['V', 'Visa Inc.', 'Financial Services', 'medium', 320],
    ['MA', 'Mastercard Incorporated', 'Financial Services', 'medium', 530],
    ['BAC', 'Bank of America Corporation', 'Banks', 'medium', 45],
    ['WFC', 'Wells Fargo & Company', 'Banks', 'medium', 72],
    ['C', 'Citigroup Inc.', 'Banks', 'high', 72],
    ['GS', 'The Goldman Sachs Group, Inc.', 'Capital Markets', 'medium', 600],
    ['MS', 'Morgan Stanley', 'Capital Markets', 'medium', 130],
    ['BLK', 'BlackRock, Inc.', 'Capital Markets', 'medium', 1000],
    ['SCHW', 'The Charles Schwab Corporation', 'Capital Markets', 'medium', 77],
    ['SPGI', 'S&P Global Inc.', 'Capital Markets', 'medium', 510],
    ['AXP', 'American Express Company', 'Consumer Finance', 'medium', 300],
    ['PGR', 'The Progressive Corporation', 'Insurance', 'low', 245],
    ['CB', 'Chubb Limited', 'Insurance', 'low', 270],
  ]),
  ...group('equity', 'Consumer Discretionary', [
    ['AMZN', 'Amazon.com, Inc.', 'Broadline Retail', 'medium', 225],
    ['TSLA', 'Tesla, Inc.', 'Automobiles', 'high', 400],
    ['HD', 'The Home Depot, Inc.', 'Specialty Retail', 'medium', 400],
    ['MCD', "McDonald's Corporation", hotels, 'low', 285],
    ['LOW', "Lowe's Companies, Inc.", 'Specialty Retail', 'medium', 255],
    ['BKNG', 'Booking Holdings Inc.', hotels, 'medium', 4800],
    ['TJX', 'The TJX Companies, Inc.', 'Specialty Retail', 'medium', 122],
    ['NKE', 'NIKE, Inc.', 'Textiles, Apparel & Luxury Goods', 'medium', 74],
    ['SBUX', 'Starbucks Corporation', hotels, 'medium', 100],
    ['GM', 'General Motors Company', 'Automobiles', 'high', 52],
    ['F', 'Ford Motor Company', 'Automobiles', 'high', 10],
    ['MAR', 'Marriott International, Inc.', hotels, 'medium', 280],
  ]),
  ...group('equity', 'Communication Services', [
    ['GOOGL', 'Alphabet Inc. Class A', 'Interactive Media & Services', 'medium', 195],
    ['GOOG', 'Alphabet Inc. Class C', 'Interactive Media & Services', 'medium', 197],
    ['META', 'Meta Platforms, Inc.', 'Interactive Media & Services', 'high', 620],
    ['NFLX', 'Netflix, Inc.', 'Entertainment', 'high', 95],
    ['DIS', 'The Walt Disney Company', 'Entertainment', 'medium', 112],
    ['CMCSA', 'Comcast Corporation', 'Media', 'medium', 38],
    ['T', 'AT&T Inc.', 'Diversified Telecommunication Services', 'low', 23],
    ['VZ', 'Verizon Communications Inc.', 'Diversified Telecommunication Services', 'low', 40],
    ['TMUS', 'T-Mobile US, Inc.', 'Wireless Telecommunication Services', 'medium', 230],
  ]),
  ...group('equity', 'Industrials', [
    ['GE', 'GE Aerospace', 'Aerospace & Defense', 'medium', 200],
    ['CAT', 'Caterpillar Inc.', 'Machinery', 'medium', 370],
    ['RTX', 'RTX Corporation', 'Aerospace & Defense', 'medium', 125],
    ['HON', 'Honeywell International Inc.', 'Industrial Conglomerates', 'medium', 220],
    ['UNP', 'Union Pacific Corporation', 'Ground Transportation', 'medium', 240],
    ['DE', 'Deere & Company', 'Machinery', 'medium', 460],
    ['BA', 'The Boeing Company', 'Aerospace & Defense', 'high', 175],
    ['LMT', 'Lockheed Martin Corporation', 'Aerospace & Defense', 'low', 480],
    ['UPS', 'United Parcel Service, Inc.', 'Air Freight & Logistics', 'medium', 120],
    ['ETN', 'Eaton Corporation plc', 'Electrical Equipment', 'medium', 330],
    ['ADP', 'Automatic Data Processing, Inc.', 'Professional Services', 'low', 300],
    ['WM', 'Waste Management, Inc.', 'Commercial Services & Supplies', 'low', 220],
    ['MMM', '3M Company', 'Industrial Conglomerates', 'medium', 150],
    ['DAL', 'Delta Air Lines, Inc.', 'Passenger Airlines', 'high', 65],
  ]),
  ...group('equity', 'Consumer Staples', [
    ['WMT', 'Walmart Inc.', staplesRetail, 'low', 95],
    ['COST', 'Costco Wholesale Corporation', staplesRetail, 'low', 950],
    ['PG', 'The Procter & Gamble Company', 'Household Products', 'low', 165],
    ['KO', 'The Coca-Cola Company', 'Beverages', 'low', 64],
    ['PEP', 'PepsiCo, Inc.', 'Beverages', 'low', 150],
    ['PM', 'Philip Morris International Inc.', 'Tobacco', 'low', 130],
    ['MO', 'Altria Group, Inc.', 'Tobacco', 'low', 53],
    ['MDLZ', 'Mondelez International, Inc.', 'Food Products', 'low', 60],
    ['CL', 'Colgate-Palmolive Company', 'Household Products', 'low', 90],
    ['TGT', 'Target Corporation', staplesRetail, 'medium', 135],
    ['GIS', 'General Mills, Inc.', 'Food Products', 'low', 62],
  ]),
  ...group('equity', 'Energy', [
    ['XOM', 'Exxon Mobil Corporation', oilGas, 'medium', 110],
    ['CVX', 'Chevron Corporation', oilGas, 'medium', 155],
    ['COP', 'ConocoPhillips', oilGas, 'high', 100],
    ['EOG', 'EOG Resources, Inc.', oilGas, 'high', 130],
    ['MPC', 'Marathon Petroleum Corporation', oilGas, 'high', 150],
    ['PSX', 'Phillips 66', oilGas, 'high', 120],
    ['OXY', 'Occidental Petroleum Corporation', oilGas, 'high', 50],
    ['KMI', 'Kinder Morgan, Inc.', oilGas, 'medium', 28],
    ['HAL', 'Halliburton Company', 'Energy Equipment & Services', 'high', 27],
  ]),
  ...group('equity', 'Utilities', [
    ['NEE', 'NextEra Energy, Inc.', 'Electric Utilities', 'low', 70],
    ['SO', 'The Southern Company', 'Electric Utilities', 'low', 85],
    ['DUK', 'Duke Energy Corporation', 'Electric Utilities', 'low', 110],
    ['AEP', 'American Electric Power Company, Inc.', 'Electric Utilities', 'low', 95],
    ['EXC', 'Exelon Corporation', 'Electric Utilities', 'low', 40],
    ['SRE', 'Sempra', 'Multi-Utilities', 'low', 85],
    ['ED', 'Consolidated Edison, Inc.', 'Multi-Utilities', 'low', 92],
    ['AWK', 'American Water Works Company, Inc.', 'Water Utilities', 'low', 125],
    ['VST', 'Vistra Corp.', 'Independent Power and Renewable Electricity Producers', 'high', 160],
  ]),
  ...group('equity', 'Materials', [
    ['LIN', 'Linde plc', 'Chemicals', 'low', 440],
    ['SHW', 'The Sherwin-Williams Company', 'Chemicals', 'medium', 350],
    ['APD', 'Air Products and Chemicals, Inc.', 'Chemicals', 'medium', 310],
    ['ECL', 'Ecolab Inc.', 'Chemicals', 'medium', 240],
    ['FCX', 'Freeport-McMoRan Inc.', 'Metals & Mining', 'high', 40],
    ['NEM', 'Newmont Corporation', 'Metals & Mining', 'high', 42],
    ['NUE', 'Nucor Corporation', 'Metals & Mining', 'high', 120],
    ['VMC', 'Vulcan Materials Company', 'Construction Materials', 'medium', 265],
  ]),
  ...group('equity', 'Real Estate', [['CBRE', 'CBRE Group, Inc.', 'Real Estate Management & Development', 'medium', 135]]),
  ...group('real_estate', 'Real Estate', [
    ['PLD', 'Prologis, Inc.', 'Industrial REITs', 'medium', 110],
    ['AMT', 'American Tower Corporation', 'Specialized REITs', 'medium', 190],
    ['EQIX', 'Equinix, Inc.', 'Specialized REITs', 'medium', 920],
    ['WELL', 'Welltower Inc.', 'Health Care REITs', 'medium', 130],
    ['SPG', 'Simon Property Group, Inc.', 'Retail REITs', 'high', 175],
    ['O', 'Realty Income Corporation', 'Retail REITs', 'low', 55],
    ['PSA', 'Public Storage', 'Specialized REITs', 'medium', 300],
    ['DLR', 'Digital Realty Trust, Inc.', 'Specialized REITs', 'medium', 180],
    ['CCI', 'Crown Castle Inc.', 'Specialized REITs', 'medium', 90],
    ['AVB', 'AvalonBay Communities, Inc.', 'Residential REITs', 'medium', 220],
    ['VNQ', 'Vanguard Real Estate ETF', 'Real Estate Fund', 'medium', 90],
    ['SCHH', 'Schwab U.S. REIT ETF', 'Real Estate Fund', 'medium', 21],
    ['XLRE', 'Real Estate Select Sector SPDR Fund', 'Real Estate Fund', 'medium', 41],
    ['IYR', 'iShares U.S. Real Estate ETF', 'Real Estate Fund', 'medium', 95],
  ]),
  // Broad-market index funds.
  ...group('equity', 'Diversified', [
    ['SPY', 'SPDR S&P 500 ETF Trust', 'Large Blend', 'medium', 600],
    ['IVV', 'iShares Core S&P 500 ETF', 'Large Blend', 'medium', 603],
    ['VOO', 'Vanguard S&P 500 ETF', 'Large Blend', 'medium', 550],
    ['VTI', 'Vanguard Total Stock Market ETF', 'Large Blend', 'medium', 295],
    ['QQQ', 'Invesco QQQ Trust, Series 1', 'Large Growth', 'high', 520],
    ['DIA', 'SPDR Dow Jones Industrial Average ETF Trust', 'Large Value', 'medium', 435],
    ['VUG', 'Vanguard Growth ETF', 'Large Growth', 'medium', 410],
    ['VTV', 'Vanguard Value ETF', 'Large Value', 'medium', 175],
    ['SCHD', 'Schwab U.S. Dividend Equity ETF', 'Large Value', 'medium', 28],
    ['IJH', 'iShares Core S&P Mid-Cap ETF', 'Mid-Cap Blend', 'medium', 63],
    ['IWM', 'iShares Russell 2000 ETF', 'Small Blend', 'high', 225],
    ['IJR', 'iShares Core S&P Small-Cap ETF', 'Small Blend', 'high', 118],
    ['EFA', 'iShares MSCI EAFE ETF', 'Foreign Large Blend', 'medium', 78],
    ['VEA', 'Vanguard FTSE Developed Markets ETF', 'Foreign Large Blend', 'medium', 50],
    ['IEFA', 'iShares Core MSCI EAFE ETF', 'Foreign Large Blend', 'medium', 73],
    ['VXUS', 'Vanguard Total International Stock ETF', 'Foreign Large Blend', 'medium', 61],
    ['VWO', 'Vanguard FTSE Emerging Markets ETF', 'Diversified Emerging Markets', 'high', 44],
    ['IEMG', 'iShares Core MSCI Emerging Markets ETF', 'Diversified Emerging Markets', 'high', 54],
    ['VT', 'Vanguard Total World Stock ETF', 'Global Large-Stock Blend', 'medium', 120],
  ]),
  // Sector funds (the Select Sector SPDRs) carry the GICS sector they track.
  ...group('equity', 'Information Technology', [['XLK', 'Technology Select Sector SPDR Fund', 'Sector Fund', 'high', 235]]),
  ...group('equity', 'Financials', [['XLF', 'Financial Select Sector SPDR Fund', 'Sector Fund', 'medium', 49]]),
  ...group('equity', 'Health Care', [['XLV', 'Health Care Select Sector SPDR Fund', 'Sector Fund', 'medium', 140]]),
  ...group('equity', 'Energy', [['XLE', 'Energy Select Sector SPDR Fund', 'Sector Fund', 'high', 90]]),
  ...group('equity', 'Consumer Discretionary', [['XLY', 'Consumer Discretionary Select Sector SPDR Fund', 'Sector Fund', 'medium', 220]]),
  ...group('equity', 'Consumer Staples', [['XLP', 'Consumer Staples Select Sector SPDR Fund', 'Sector Fund', 'low', 80]]),
  ...group('equity', 'Industrials', [['XLI', 'Industrial Select Sector SPDR Fund', 'Sector Fund', 'medium', 135]]),
  ...group('equity', 'Utilities', [['XLU', 'Utilities Select Sector SPDR Fund', 'Sector Fund', 'low', 78]]),
  ...group('equity', 'Materials', [['XLB', 'Materials Select Sector SPDR Fund', 'Sector Fund', 'medium', 88]]),
  ...group('equity', 'Communication Services', [['XLC', 'Communication Services Select Sector SPDR Fund', 'Sector Fund', 'medium', 98]]),
  ...group('fixed_income', 'Fixed Income', [
    ['AGG', 'iShares Core U.S. Aggregate Bond ETF', 'Intermediate Core Bond', 'low', 98],
    ['BND', 'Vanguard Total Bond Market ETF', 'Intermediate Core Bond', 'low', 72.5],
    ['SCHZ', 'Schwab U.S. Aggregate Bond ETF', 'Intermediate Core Bond', 'low', 23],
    ['TLT', 'iShares 20+ Year Treasury Bond ETF', 'Long Government', 'high', 88],
    ['VGLT', 'Vanguard Long-Term Treasury ETF', 'Long Government', 'high', 56],
    ['IEF', 'iShares 7-10 Year Treasury Bond ETF', 'Intermediate Government', 'medium', 93],
    ['GOVT', 'iShares U.S. Treasury Bond ETF', 'Intermediate Government', 'low', 22.5],
    ['SHY', 'iShares 1-3 Year Treasury Bond ETF', 'Short Government', 'low', 82],
    ['BSV', 'Vanguard Short-Term Bond ETF', 'Short-Term Bond', 'low', 77.5],
    ['VCSH', 'Vanguard Short-Term Corporate Bond ETF', 'Short-Term Bond', 'low', 78.5],
    ['LQD', 'iShares iBoxx $ Investment Grade Corporate Bond ETF', 'Corporate Bond', 'medium', 108],
    ['VCIT', 'Vanguard Intermediate-Term Corporate Bond ETF', 'Corporate Bond', 'medium', 80.5],
    ['HYG', 'iShares iBoxx $ High Yield Corporate Bond ETF', 'High Yield Bond', 'high', 79],
    ['JNK', 'SPDR Bloomberg High Yield Bond ETF', 'High Yield Bond', 'high', 96],
    ['TIP', 'iShares TIPS Bond ETF', 'Inflation-Protected Bond', 'medium', 108],
    ['MUB', 'iShares National Muni Bond ETF', 'Muni National Intermediate', 'low', 106],
    ['VTEB', 'Vanguard Tax-Exempt Bond ETF', 'Muni National Intermediate', 'low', 50],
    ['MBB', 'iShares MBS ETF', 'Intermediate Government', 'low', 92],
    ['BNDX', 'Vanguard Total International Bond ETF', 'Global Bond-USD Hedged', 'low', 49],
    ['EMB', 'iShares J.P. Morgan USD Emerging Markets Bond ETF', 'Emerging Markets Bond', 'high', 90],
  ]),
  ...group('cash', 'Cash', [
    ['BIL', 'SPDR Bloomberg 1-3 Month T-Bill ETF', 'Treasury Bills', 'low', 91.5],
    ['SGOV', 'iShares 0-3 Month Treasury Bond ETF', 'Treasury Bills', 'low', 100.5],
    ['SHV', 'iShares Short Treasury Bond ETF', 'Treasury Bills', 'low', 110.2],
    ['USFR', 'WisdomTree Floating Rate Treasury Fund', 'Floating Rate Treasury', 'low', 50.3],
    ['TFLO', 'iShares Treasury Floating Rate Bond ETF', 'Floating Rate Treasury', 'low', 50.6],
    ['JPST', 'JPMorgan Ultra-Short Income ETF', 'Ultrashort Bond', 'low', 50.6],
    ['MINT', 'PIMCO Enhanced Short Maturity Active Exchange-Traded Fund', 'Ultrashort Bond', 'low', 100.3],
  ]),
  ...group('alternative', 'Commodities', [
    ['GLD', 'SPDR Gold Shares', 'Gold', 'medium', 240],
    ['IAU', 'iShares Gold Trust', 'Gold', 'medium', 49],
    ['GLDM', 'SPDR Gold MiniShares Trust', 'Gold', 'medium', 51],
    ['SLV', 'iShares Silver Trust', 'Silver', 'high', 28],
    ['DBC', 'Invesco DB Commodity Index Tracking Fund', 'Broad Commodities', 'high', 22.5],
    ['PDBC', 'Invesco Optimum Yield Diversified Commodity Strategy No K-1 ETF', 'Broad Commodities', 'high', 13.5],
    ['GSG', 'iShares S&P GSCI Commodity-Indexed Trust', 'Broad Commodities', 'high', 22],
    ['USO', 'United States Oil Fund, LP', 'Energy Commodities', 'high', 76],
  ]),
];
