-- The part of Open Dental's database that the sync reads (docs/behaviour.md, "Sync from Open
-- Dental"): Open Dental's own table and column names and types, only the columns read plus the
-- keys. Used to build the throwaway Open Dental databases of the tests and the demo; a real
-- Open Dental database has many more columns, which the sync never looks at.
-- Types as Open Dental declares them: a C# long is bigint, an int is int, an enum or bool is
-- tinyint, a double is double, a DateTime is date (or datetime where Open Dental keeps the time).
-- Indexes: only the keys on the columns that point at other tables, as Open Dental has them.
-- Open Dental itself often runs on MyISAM; InnoDB here lets the tests see the snapshot hold.

CREATE TABLE patient (
  PatNum bigint(20) NOT NULL AUTO_INCREMENT,
  LName varchar(100) DEFAULT '',
  FName varchar(100) DEFAULT '',
  MiddleI varchar(100) DEFAULT '',
  HmPhone varchar(30) DEFAULT '',
  WkPhone varchar(30) DEFAULT '',
  WirelessPhone varchar(30) DEFAULT '',
  ClinicNum bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (PatNum)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;

CREATE TABLE provider (
  ProvNum bigint(20) NOT NULL AUTO_INCREMENT,
  Abbr varchar(255) DEFAULT '',
  LName varchar(100) DEFAULT '',
  FName varchar(100) DEFAULT '',
  PRIMARY KEY (ProvNum)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;

CREATE TABLE clinic (
  ClinicNum bigint(20) NOT NULL AUTO_INCREMENT,
  Description varchar(255) DEFAULT '',
  Abbr varchar(255) NOT NULL DEFAULT '',
  PRIMARY KEY (ClinicNum)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;

-- Category 2 (ApptConfirmed) holds the confirmation statuses an appointment's Confirmed names.
CREATE TABLE definition (
  DefNum bigint(20) NOT NULL AUTO_INCREMENT,
  Category tinyint(3) unsigned NOT NULL DEFAULT 0,
  ItemOrder smallint(5) unsigned NOT NULL DEFAULT 0,
  ItemName varchar(255) DEFAULT '',
  PRIMARY KEY (DefNum)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;

-- ProcCode compares case-sensitively in Open Dental (utf8mb3_bin).
CREATE TABLE procedurecode (
  CodeNum bigint(20) NOT NULL AUTO_INCREMENT,
  ProcCode varchar(15) CHARACTER SET utf8mb3 COLLATE utf8mb3_bin NOT NULL DEFAULT '',
  Descript varchar(255) DEFAULT '',
  PRIMARY KEY (CodeNum),
  KEY ProcCode (ProcCode)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;

-- AptStatus: 1 Scheduled, 2 Complete, 3 UnschedList, 5 Broken, 6 Planned.
CREATE TABLE appointment (
  AptNum bigint(20) NOT NULL AUTO_INCREMENT,
  PatNum bigint(20) NOT NULL,
  AptStatus tinyint(3) unsigned NOT NULL DEFAULT 0,
  Confirmed bigint(20) NOT NULL DEFAULT 0,
  ProvNum bigint(20) NOT NULL DEFAULT 0,
  AptDateTime datetime NOT NULL DEFAULT '0001-01-01 00:00:00',
  ClinicNum bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (AptNum),
  KEY PatNum (PatNum),
  KEY AptDateTime (AptDateTime)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;

-- ProcStatus: 1 TP (treatment planned), 2 C (complete), 3 EC, 4 EO, 5 R, 6 D (deleted), 7 Cn.
CREATE TABLE procedurelog (
  ProcNum bigint(20) NOT NULL AUTO_INCREMENT,
  PatNum bigint(20) NOT NULL DEFAULT 0,
  AptNum bigint(20) NOT NULL DEFAULT 0,
  ProcDate date NOT NULL DEFAULT '0001-01-01',
  ProcFee double NOT NULL DEFAULT 0,
  ProcStatus tinyint(4) NOT NULL DEFAULT 0,
  ProvNum bigint(20) NOT NULL DEFAULT 0,
  PlannedAptNum bigint(20) NOT NULL DEFAULT 0,
  ClinicNum bigint(20) NOT NULL DEFAULT 0,
  CodeNum bigint(20) NOT NULL DEFAULT 0,
  UnitQty int(11) NOT NULL DEFAULT 0,
  BaseUnits int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (ProcNum),
  KEY PatNum (PatNum),
  KEY AptNum (AptNum),
  KEY PlannedAptNum (PlannedAptNum),
  KEY CodeNum (CodeNum)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;
